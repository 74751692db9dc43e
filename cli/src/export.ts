/**
 * `robots-txt export <robots.txt> --format <server>`: server configuration that refuses (403) what the file disallows,
 * per crawler, as each crawler reads it (core/src/door). The formats are one table; each renders the core's plan into
 * the files its server includes, written into `--out DIR` or, without it, to standard output one after the other.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { doorHeader } from '../../core/src/door/header';
import { renderApache } from '../../core/src/door/apache';
import { renderCaddy } from '../../core/src/door/caddy';
import { renderCloudflareWaf } from '../../core/src/door/cloudflareWaf';
import { renderHaproxy } from '../../core/src/door/haproxy';
import { renderNginx } from '../../core/src/door/nginx';
import { doorPlan, type DoorFile, type DoorPlan } from '../../core/src/door/plan';
import { t } from '../../core/src/l10n';
import { readArguments, readFormat, UsageError, type OptionTable } from './args';
import type { Command, CommandIo } from './command';
import { inputName, readBytes } from './io';
import { robotsModel } from './source';

/** A server format: its name for `--format`, and the files it writes from the plan and the header comment's lines. */
interface ExportFormat {
	readonly name: string;
	render(plan: DoorPlan, header: readonly string[]): readonly DoorFile[];
}

/** Every format `--format` takes, the default first. */
const exportFormats: readonly [ExportFormat, ...ExportFormat[]] = [
	{ name: 'nginx', render: renderNginx },
	{ name: 'apache', render: renderApache },
	{ name: 'haproxy', render: renderHaproxy },
	{ name: 'caddy', render: renderCaddy },
	{ name: 'cloudflare-waf', render: renderCloudflareWaf },
];

const exportOptions = {
	format: { value: '<name>', help: () => t('the server: {0}', exportFormats.map((format) => format.name).join(', ')) },
	out: { value: '<dir>', help: () => t('write the files into this folder (made if missing) instead of standard output') },
} satisfies OptionTable;

async function runExport(args: readonly string[], io: CommandIo): Promise<number> {
	const { values, positionals } = readArguments(args, exportOptions);
	if (positionals.length !== 1) {
		throw new UsageError(t('give one robots.txt file'));
	}
	const name = readFormat(values.format, exportFormats.map((format) => format.name) as [string, ...string[]]);
	const format = exportFormats.find((each) => each.name === name)!;
	const file = positionals[0];
	const model = robotsModel(readBytes(file), inputName(file), false);
	const files = format.render(doorPlan(model), doorHeader({ file: inputName(file), tool: `robots-txt-tools ${io.version}` }));
	if (values.out !== undefined) {
		mkdirSync(values.out, { recursive: true });
		for (const each of files) {
			writeFileSync(join(values.out, each.name), each.text);
		}
		return 0;
	}
	// Every format's configuration syntax takes `#` comments: the line that separates files on standard output is one.
	await io.out.write(files.map((each) => `# ---- ${each.name} ----\n${each.text}`).join('\n'));
	return 0;
}

export const exportCommand: Command = {
	name: 'export',
	summary: () => t('server configuration that refuses (403) what robots.txt disallows, per crawler, as each crawler reads it'),
	synopsis: ['robots-txt export <robots.txt> [--format nginx|apache|haproxy|caddy|cloudflare-waf] [--out <dir>]'],
	about: () => [
		t(
			'Writes configuration for a web server that refuses (403) the requests a robots.txt disallows, for each crawler as that crawler reads the file (its own group, the tokens it falls back to, or *; longest or first match, * and $), never /robots.txt, and never a request whose User-Agent names no crawler (browsers pass). For nginx: robots-http.conf goes in the http block, robots-server.conf in each server block.',
		),
		// The help names only the command's own options (test/cli/options.test.ts): the identity check is the logs command's.
		t(
			'A User-Agent header can be forged: this stops crawlers that name themselves, not a client that lies. "robots-txt logs" checks who sent a request against the address ranges its owner publishes (see "robots-txt help logs").',
		),
		t(
			'Apache: robots-apache.conf (mod_rewrite) goes in a VirtualHost. HAProxy: robots-haproxy.cfg holds http-request rules for a frontend. Caddy: robots-caddy.conf is a route to import into a site block. Cloudflare: robots-cloudflare-waf.txt lists WAF custom rule expressions (action Block; the matches operator needs a Business or Enterprise plan).',
		),
	],
	options: exportOptions,
	notes: () => [t('Exit status: 0; 2 on bad arguments or a file that cannot be read.')],
	run: runExport,
};
