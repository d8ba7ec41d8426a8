/**
 * The web-push feature's public face: the settings section's devices and choices, and ending
 * this browser's subscription at log-out.
 */
export { loadBrowserPush } from './lazy-parts';
export { PushDevices } from './push-devices';
export { PushKinds } from './push-kinds';
