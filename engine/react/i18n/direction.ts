/** Text direction of a language: engine/core's one list of right-to-left languages decides. */
export { direction as directionOf, isRtl } from '../../core/rtl.ts';
