/**
 * `robots-txt export --format apache` against the real server (Debian's apache2), started as this user on 127.0.0.1 with
 * its configuration in a temporary folder: every crawler gets 403 exactly where the plan (and `evaluateAs`) refuses,
 * browsers and other clients never.
 */

import { renderApache } from '../../core/src/door/apache';
import { apacheBinary, describeExportServer, startApache } from './doorServers';

describeExportServer({
	title: 'Apache',
	binary: apacheBinary,
	pkg: 'apache2',
	format: 'apache',
	file: 'robots-apache.conf',
	render: renderApache,
	start: startApache,
});
