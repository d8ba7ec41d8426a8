/** The data-export feature's public face: the settings page's "Your data" section. */
export { YourDataSettings } from './your-data-settings';
