/**
 * The read path of `robots-txt logs` as one process, for `npm run bench -- --only=cli` to time against awk: a log's
 * lines (`readLines`), each read as a request (`LogReader`), its sender told from its User-Agent header
 * (`AgentAttributor`, which remembers the headers it has seen), and a catalogue crawler's request decided as that crawler reads the robots.txt (a decider per
 * crawler). Prints the counts as one JSON object: `node logRead.js <log> <robots.txt>`.
 */

import { readFileSync } from 'node:fs';
import { AgentAttributor, compileCrawlerDecider, decodeRobotsBytes, isAllowedDecision, LogReader, parse } from '../../core/src/index';
import { readLines } from '../../cli/src/lines';

async function main(logPath: string, robotsPath: string): Promise<void> {
	const model = parse(decodeRobotsBytes(readFileSync(robotsPath)));
	const reader = new LogReader();
	const attributor = new AgentAttributor();
	const deciders = new Map<string, ReturnType<typeof compileCrawlerDecider>>();
	const counts = { lines: 0, unparsed: 0, requests: 0, browsers: 0, unknownBots: 0, other: 0, crawlerRequests: 0, disallowed: 0, crawlers: 0 };
	for await (const batch of readLines(logPath)) {
		for (const line of batch) {
			counts.lines++;
			const read = 'text' in line ? reader.read(line.text) : undefined;
			if (read?.kind !== 'request') {
				counts.unparsed += read?.kind === 'directive' ? 0 : 1;
				continue;
			}
			counts.requests++;
			const sender = attributor.attribute(read.record.userAgent);
			if (sender.kind !== 'crawler') {
				counts.browsers += sender.kind === 'browser' ? 1 : 0;
				counts.unknownBots += sender.kind === 'unknown-bot' ? 1 : 0;
				counts.other += sender.kind === 'other' ? 1 : 0;
				continue;
			}
			let decider = deciders.get(sender.crawler.token);
			if (decider === undefined) {
				decider = compileCrawlerDecider(model, sender.crawler.token);
				deciders.set(sender.crawler.token, decider);
			}
			counts.crawlerRequests++;
			counts.disallowed += isAllowedDecision(decider.decide(read.record.target)) ? 0 : 1;
		}
	}
	counts.crawlers = deciders.size;
	console.log(JSON.stringify(counts));
}

void main(process.argv[2], process.argv[3]);
