/** The registration-admin feature has nothing other features use: it only serves routes. */
export {};
