/**
 * `robots-txt export --format caddy` against the real server (Debian's caddy), started as this user on 127.0.0.1 with
 * its configuration in a temporary folder: every crawler gets 403 exactly where the plan (and `evaluateAs`) refuses,
 * browsers and other clients never.
 */

import { renderCaddy } from '../../core/src/door/caddy';
import { caddyBinary, describeExportServer, startCaddy } from './doorServers';

describeExportServer({ title: 'Caddy', binary: caddyBinary, pkg: 'caddy', format: 'caddy', file: 'robots-caddy.conf', render: renderCaddy, start: startCaddy });
