/**
 * What the command line accepts as a URL to test, and why it rejects the rest: the core's `checkUrl`, which the test
 * bench and expectations files use too, so that every front end accepts the same inputs.
 */

export { checkUrl } from '../../core/src/index';
