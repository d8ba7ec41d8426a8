/** The safety feature's public face: what other features may use of it. */
export { hiddenAuthorsOf } from './hidden-authors';
export { shouldNotifyUnlessHidden, type SafetyService } from './safety.service';
