/** The client-config feature has nothing other features use: it only serves a route. */
export {};
