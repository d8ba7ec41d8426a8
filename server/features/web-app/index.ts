/** The web-app feature has nothing other features use: it only serves the manifest and icons. */
export {};
