// One given name as other languages write it (a person's documents from different countries: Pyotr, Peter, Pedro,
// Pierre; Iosif, Joseph, Yusuf). Written for this service from common usage: each line is one name, in Latin
// spellings as customer files and the lists write them, without accents; every name on a line is the same name as
// every other. Spelling variants of one language (Aleksandr, Alexandr) are found by spelling and sound and need not
// be here, nor need a Turkish c for the j of other spellings (Cemal, Jamal: similarity.ts turkishSpellings); the
// Turkish forms of Arabic names with other vowels too are (Recep, Rajab; Tevfik, Tawfiq). Abbreviations that stand
// for the name on documents (Md, Mohd, Muh, Moh, Mhd for Muhammad) are on its line.

export const GIVEN_NAME_LANGUAGES_CSV = `
pyotr,petr,peter,pedro,pietro,pierre,piotr,petro,petar,petrus,boutros,butrus
iosif,joseph,jose,giuseppe,jozef,josef,josip,yosef,yusuf,yousef,youssef,yussuf,jusuf,osip
ivan,john,juan,jean,johann,johannes,giovanni,jan,joao,ioannis,ioan,yahya
mikhail,michael,miguel,michel,michal,michele,mykhailo,mikhail,mikael,mihai,mihail,michail,mikail
pavel,paul,pablo,paolo,pawel,pavlo,paulo,pavol,boulos,bulus,paval
georgy,georgiy,georgi,george,jorge,giorgio,jerzy,georg,georges,heorhiy,georgios,giorgi
nikolai,nikolay,nicholas,nicolas,nicola,nicolo,mikolaj,mykola,nikola,nikolaos,niklas,nicolae,mikalai,mikalay
stepan,stephen,steven,esteban,stefano,stefan,stephane,istvan,szczepan,stefanos
andrei,andrey,andrew,andres,andrzej,andriy,andrii,andrea,andre,andreas,andrija,andrej
yakov,jacob,jakob,jakub,jacques,giacomo,jaime,diego,james,iago,yaakov,jacopo,yakub,yaqub,yacoub
ibrahim,abraham,avraham,ebrahim,abraao
musa,moses,moshe,moise,moises,mose
dawud,daud,daoud,david,davide,dawid,davit
suleiman,sulaiman,sulayman,suleyman,sleiman,solomon,shlomo,salomon
isa,jesus,yeshua
maryam,mariam,miriam,maria,mary,marie,mariya,maryia
yekaterina,ekaterina,kateryna,katerina,catherine,katherine,catalina,caterina,katarzyna,katharina
yelena,elena,olena,alena,helen,helena,helene
aleksandr,alexander,alejandro,alessandro,alexandre,aleksander,oleksandr,alyaksandr,aliaksandr,alexandros,iskander,iskandar
dmitry,dmitriy,dimitri,dimitrios,dmytro,dzmitry,dimitar,demetrios
yuri,yury,yuriy,yurii,juri,jurij,iouri
sergei,sergey,serhiy,siarhei,sergio,serge,sergiusz
vasily,vasiliy,vasyl,basil,vasilios,basilio
grigory,grigoriy,hryhoriy,gregory,gregorio,grzegorz,gregor,gregoire
fyodor,fedor,fedir,theodore,teodoro,theodoros
yevgeny,yevgeniy,evgeny,evgeniy,yevhen,eugene,eugenio,eugeniusz,eugen,yauhen,yauheni
matvei,matvey,matthew,mateo,matteo,mateusz,matthias,mathieu
foma,thomas,tomas,tommaso,tomasz
filipp,philip,felipe,filippo,filip,philippe
ilya,ilyas,elias,elijah,ilias
gavriil,gabriel,jibril,gabriele
daniil,daniel,danilo,danylo
ismail,ishmael
ishaq,isaac,isaak,yitzhak,itzhak
harun,haroun,aaron,aron
yunus,jonah,jonas
zakariya,zakaria,zechariah,zachary
konstantin,constantine,constantin,costantino,kostiantyn,konstanty
vladimir,volodymyr,uladzimir,wlodzimierz
igor,ihar,ihor
oleg,oleh,aleh
leonid,leanid
roman,raman
denis,dzianis,denys
anatoly,anatoliy,anatol,anatoli,anatolii
natalia,natalya,natallia,nataliya,natalie,natalija
valery,valeriy,valeri,valerii
gennady,gennadiy,hennadiy,henadz,gennadi
aleksei,alexei,aleksey,alexey,oleksiy,alexis,alessio,alexios,aliaksei,aliaksey,alyaksei
viktor,victor,vittorio,wiktor,viktar
anton,anthony,antonio,antoine,antoni
semyon,simon,simeon,szymon,shimon
kirill,cyril,kyrylo
maksim,maxim,maksym,maxime,massimo
timofei,timofey,tymofiy,timothy,timoteo
yulia,yuliya,julia,giulia,julie
sofia,sofiya,sophia,sophie,zofia
anna,ana,hanna,hannah,anne,ganna
uthman,othman,osman,usman,ousmane,usmon,otman,osmane,uthmaan
muhammad,mohammed,mohamed,mohammad,muhammed,mohamad,mohd,muhd,md,muh,moh,mhd,mhmd,mehmet,mehmed,mamadou
umar,omar,omer,oumar
khadija,khadijah,hatice,hadija,hatidza
aisha,aysha,ayse,aicha,aishah,ayesha
zaynab,zainab,zeynep,zeinab
amina,aminah,emine,amine
ayyub,ayoub,eyup,eyyub,ejup,ejub
rajab,recep,receb,radjab
jafar,jaafar,cafer,djafar
tawfiq,tawfik,tevfik,taufik,toufik
fawzi,fawzy,fevzi,fauzi
anwar,enver,anouar,anuar
asad,esat,esad,assaad
bakr,bakir,bekir
shawkat,shaukat,sevket,shevket
`;
