// Field limits of the console's member care, shared by the server and the forms.
export const SEARCH_MAX = 200
export const NOTE_MAX = 500
