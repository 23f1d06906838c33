/** The look of a text link in the console: one place, so every screen's links read and focus alike. */
export const linkClass = 'font-medium text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600';
