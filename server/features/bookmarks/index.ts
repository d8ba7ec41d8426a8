/** The bookmarks feature's public face: nothing yet; it only serves routes. */
export {};
