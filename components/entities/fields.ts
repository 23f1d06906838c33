/** Fields of the entity form: `attr.<name>` holds an attribute's value, `json.<name>` marks one written as JSON. */
export const ATTRIBUTE_FIELD = 'attr.';
export const JSON_FIELD = 'json.';
