// Input limits of the console's member care, shared by the server and its forms.
/** The longest search text (e-mail, name, profile id or payment id). */
export const SEARCH_MAX = 200
