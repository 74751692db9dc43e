/**
 * `robots-txt export --format haproxy` against the real server (Debian's haproxy), started as this user on 127.0.0.1 with
 * its configuration in a temporary folder: every crawler gets 403 exactly where the plan (and `evaluateAs`) refuses,
 * browsers and other clients never.
 */

import { renderHaproxy } from '../../core/src/door/haproxy';
import { haproxyBinary, describeExportServer, startHaproxy } from './doorServers';

describeExportServer({
	title: 'HAProxy',
	binary: haproxyBinary,
	pkg: 'haproxy',
	format: 'haproxy',
	file: 'robots-haproxy.cfg',
	render: renderHaproxy,
	start: startHaproxy,
});
