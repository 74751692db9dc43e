// Runs test suites one after another and ends with one summary of them all: counts per suite and a total, so that
// the last lines of `npm test` speak for every suite, not only for the one that happened to run last.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A command to run: the program and its arguments. */
type CommandLine = readonly string[];

/** A suite of `node --test` files, its counts read from the TAP reporter's closing lines. */
interface NodeTestSuite {
	readonly kind: 'node';
	readonly name: string;
	readonly files: readonly string[];
	/** More `node` options, such as `--test-concurrency=1`. */
	readonly nodeOptions?: readonly string[];
	/** Commands to run first (building, installing); the suite fails without running when one fails. */
	readonly setup?: readonly CommandLine[];
}

/** A suite of commands that each test some files and print `✓ <file> run successfully` for each that passes. */
interface FileSuite {
	readonly kind: 'files';
	readonly name: string;
	readonly files: readonly string[];
	readonly commands: readonly CommandLine[];
	readonly setup?: readonly CommandLine[];
}

export type Suite = NodeTestSuite | FileSuite;

interface SuiteResult {
	readonly name: string;
	readonly tests: number;
	readonly passed: number;
	readonly failed: number;
	readonly skipped: number;
	readonly seconds: number;
	/** Why the suite failed as a whole (a setup step, a crash), besides its failed tests. */
	readonly problem?: string;
}

interface RunOptions {
	readonly cwd: string;
	/** Where the suites' own output and the summary go. */
	readonly write: (text: string) => void;
}

/** Runs the suites in order, each whatever the previous ones did, and returns their results. */
export async function runSuites(suites: readonly Suite[], options: RunOptions): Promise<SuiteResult[]> {
	const results: SuiteResult[] = [];
	for (const suite of suites) {
		options.write(`\n=== ${suite.name} ===\n`);
		const start = Date.now();
		const result = await runSuite(suite, options);
		results.push({ ...result, name: suite.name, seconds: (Date.now() - start) / 1000 });
	}
	return results;
}

type Counts = Omit<SuiteResult, 'name' | 'seconds'>;

async function runSuite(suite: Suite, options: RunOptions): Promise<Counts> {
	for (const command of suite.setup ?? []) {
		const { status } = await run(command, options);
		if (status !== 0) {
			return { tests: 0, passed: 0, failed: 0, skipped: 0, problem: `setup failed: ${command.join(' ')} exited with ${status}` };
		}
	}
	return suite.kind === 'node' ? runNodeTests(suite, options) : runFileCommands(suite, options);
}

async function runNodeTests(suite: NodeTestSuite, options: RunOptions): Promise<Counts> {
	const folder = mkdtempSync(join(tmpdir(), 'robots-suite-'));
	const tap = join(folder, 'report.tap');
	try {
		const { status } = await run(
			[
				process.execPath,
				'--test',
				...(suite.nodeOptions ?? []),
				'--test-reporter=spec',
				'--test-reporter-destination=stdout',
				'--test-reporter=tap',
				`--test-reporter-destination=${tap}`,
				...suite.files,
			],
			options,
		);
		let report = '';
		try {
			report = readFileSync(tap, 'utf8');
		} catch {
			// No report: the runner died before writing one; the status says so below.
		}
		const counts = tapCounts(report);
		if (counts === undefined) {
			return { tests: 0, passed: 0, failed: 0, skipped: 0, problem: `node --test exited with ${status} and no report` };
		}
		return status !== 0 && counts.failed === 0 ? { ...counts, problem: `node --test exited with ${status}` } : counts;
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/** The counts in the closing `# tests N`, `# pass N`, … lines of a TAP report from `node --test`. */
export function tapCounts(report: string): Counts | undefined {
	const count = (name: string) => {
		const match = new RegExp(`^# ${name} (\\d+)$`, 'm').exec(report);
		return match ? Number(match[1]) : undefined;
	};
	const tests = count('tests');
	if (tests === undefined) {
		return undefined;
	}
	return {
		tests,
		passed: count('pass') ?? 0,
		failed: (count('fail') ?? 0) + (count('cancelled') ?? 0),
		skipped: (count('skipped') ?? 0) + (count('todo') ?? 0),
	};
}

async function runFileCommands(suite: FileSuite, options: RunOptions): Promise<Counts> {
	let output = '';
	let problem: string | undefined;
	for (const command of suite.commands) {
		const result = await run(command, options);
		output += result.output;
		if (result.status !== 0) {
			problem ??= `${command.join(' ')} exited with ${result.status}`;
		}
	}
	// A file passes when a command said so; a file nobody mentioned failed (or was never run).
	const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
	const passed = suite.files.filter((file) => new RegExp(`^[✓√] ${escapeRegExp(file)} run successful`, 'm').test(plain)).length;
	const failed = suite.files.length - passed;
	return { tests: suite.files.length, passed, failed, skipped: 0, ...(problem !== undefined && failed === 0 ? { problem } : {}) };
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Runs a command with its output passed on (and kept, for the file suites). The test runner's own variables are
 * dropped: a `node --test` started from inside a test would otherwise report to that test's runner, not to us.
 */
function run(command: CommandLine, options: RunOptions): Promise<{ status: number; output: string }> {
	const env = { ...process.env };
	delete env.NODE_TEST_CONTEXT;
	// The suites write into a pipe; keep their colours when the person running them looks at a terminal.
	if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) {
		env.FORCE_COLOR = '1';
	}
	const [program, ...args] = command;
	return new Promise((resolve) => {
		const child = spawn(program, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		const take = (chunk: Buffer) => {
			const text = chunk.toString('utf8');
			output += text;
			options.write(text);
		};
		child.stdout.on('data', take);
		child.stderr.on('data', take);
		child.on('error', (error) => {
			options.write(`${program}: ${error.message}\n`);
		});
		child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 128 : 1), output }));
	});
}

function duration(seconds: number): string {
	return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** The closing summary: one row per suite, a total, and a last line that says whether everything passed. */
export function formatSummary(results: readonly SuiteResult[]): string {
	const total: SuiteResult = {
		name: 'total',
		tests: results.reduce((sum, result) => sum + result.tests, 0),
		passed: results.reduce((sum, result) => sum + result.passed, 0),
		failed: results.reduce((sum, result) => sum + result.failed, 0),
		skipped: results.reduce((sum, result) => sum + result.skipped, 0),
		seconds: results.reduce((sum, result) => sum + result.seconds, 0),
	};
	const rows = [
		['suite', 'tests', 'passed', 'failed', 'skipped', 'time'],
		...[...results, total].map((result) => [
			result.name,
			String(result.tests),
			String(result.passed),
			String(result.failed),
			String(result.skipped),
			duration(result.seconds),
		]),
	];
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
	const lines = rows.map((row) => '  ' + row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('   '));
	const problems = results.filter((result) => result.problem !== undefined).map((result) => `  ${result.name}: ${result.problem}`);
	const failing = results.filter((result) => result.failed > 0 || result.problem !== undefined).map((result) => result.name);
	const verdict =
		failing.length === 0
			? `All ${total.passed} tests passed in ${results.length} suite${results.length === 1 ? '' : 's'}${total.skipped > 0 ? ` (${total.skipped} skipped)` : ''}.`
			: `FAILED: ${total.failed} of ${total.tests} tests failed; suites failing: ${failing.join(', ')}.`;
	return ['', 'Summary of every suite', ...lines, ...problems, verdict, ''].join('\n');
}

/** True when every suite passed. */
export function allPassed(results: readonly SuiteResult[]): boolean {
	return results.every((result) => result.failed === 0 && result.problem === undefined);
}
