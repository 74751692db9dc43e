/**
 * `npm run bench`: figures for the core on real files, printed (and with `--json`, one JSON object).
 * Every figure is a median (or percentile) of several runs after warm-up; tests never assert times.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { allDialects, applyEdit, evaluate, parse, type Dialect, type RobotsModel } from '../../server/src/core/index';
import { sharedDir } from '../util/fixtures';

const corpus = join(sharedDir, 'corpus', 'realworld', 'files');
const json = process.argv.includes('--json');

function read(name: string): string {
	return new TextDecoder('utf-8', { ignoreBOM: true }).decode(readFileSync(join(corpus, name)));
}

/** The first `bytes` of a text, cut at a line end. */
function prefixOf(text: string, bytes: number): string {
	const cut = text.lastIndexOf('\n', bytes);
	return text.slice(0, cut + 1);
}

function percentile(samples: number[], p: number): number {
	const sorted = [...samples].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function time(run: () => void, repeat: number, warmup = 3): number[] {
	for (let i = 0; i < warmup; i++) {
		run();
	}
	const samples: number[] = [];
	for (let i = 0; i < repeat; i++) {
		const start = performance.now();
		run();
		samples.push(performance.now() - start);
	}
	return samples;
}

function groupAll(model: RobotsModel): void {
	for (const dialect of allDialects) {
		model.grouping(dialect);
	}
}

/** URLs built from the file's own rules (wildcards filled in) plus misses, shuffled deterministically. */
function urlsFor(model: RobotsModel, count: number): string[] {
	const patterns: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		const directive = model.lines[line].directive;
		if (directive === 'allow' || directive === 'disallow') {
			const value = model.valueText(line);
			if (value.startsWith('/')) {
				patterns.push(value.replace(/\*/g, 'x').replace(/\$$/, ''));
			}
		}
	}
	const urls: string[] = [];
	let seed = 12345;
	const random = () => {
		seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
		return seed / 0x7fffffff;
	};
	for (let i = 0; i < count; i++) {
		const kind = random();
		if (patterns.length > 0 && kind < 0.7) {
			const pattern = patterns[Math.floor(random() * patterns.length)];
			urls.push(`https://example.com${pattern}${kind < 0.35 ? 'page-' + i + '.html' : ''}`);
		} else {
			urls.push(`https://example.com/miss/${i}/index.html?q=${i}`);
		}
	}
	return urls;
}

const results: Record<string, unknown> = {};
const lines: string[] = [];
const ms = (value: number) => `${value.toFixed(3)} ms`;

const big = read('0932.txt');
const file500 = prefixOf(big, 500 * 1024);
const sizeKiB = Math.round(Buffer.byteLength(file500) / 1024);

// 1. Full parse (lossless tree and the groupings of all five dialects).
const parseSamples = time(() => groupAll(parse(file500)), 15);
results.parse500KiB = { kib: sizeKiB, medianMs: percentile(parseSamples, 50) };
lines.push(`parse + group (5 dialects), ${sizeKiB} KiB: median ${ms(percentile(parseSamples, 50))}`);

// 2. One single-character edit in the middle: insert, then the grouping of each dialect again.
const base = parse(file500);
groupAll(base);
const middle = base.lineStarts[base.lineCount >> 1] + 5;
let model = base;
const editSamples = time(() => {
	model = applyEdit(model, middle, middle, 'x');
	groupAll(model);
	model = applyEdit(model, middle, middle + 1, '');
	groupAll(model);
}, 200, 20).map((sample) => sample / 2);
results.incrementalEdit = {
	p50Ms: percentile(editSamples, 50),
	p95Ms: percentile(editSamples, 95),
	speedupOverFullParse: percentile(parseSamples, 50) / percentile(editSamples, 50),
};
lines.push(`single-character edit + regroup, ${sizeKiB} KiB: p50 ${ms(percentile(editSamples, 50))}, p95 ${ms(percentile(editSamples, 95))}` +
	` (${(percentile(parseSamples, 50) / percentile(editSamples, 50)).toFixed(0)}x faster than a full parse)`);

// 3. 100 000 URL evaluations against the same file, per dialect.
const urls = urlsFor(base, 100_000);
const evaluations: Record<string, unknown> = {};
for (const dialect of allDialects) {
	const run = (d: Dialect) => {
		for (const url of urls) {
			evaluate(base, { agent: 'Googlebot', url, dialect: d });
		}
	};
	const samples = time(() => run(dialect), 3, 1);
	const median = percentile(samples, 50);
	evaluations[dialect] = { ms: median, urlsPerSecond: Math.round(urls.length / (median / 1000)) };
	lines.push(`100 000 URLs, ${dialect}, ${sizeKiB} KiB: ${ms(median)} (${Math.round(urls.length / (median / 1000)).toLocaleString('en')} URLs/s)`);
}
results.evaluate100k = evaluations;

if (json) {
	console.log(JSON.stringify(results));
} else {
	console.log(`node ${process.version}, ${process.platform} ${process.arch}`);
	for (const line of lines) {
		console.log(line);
	}
}
