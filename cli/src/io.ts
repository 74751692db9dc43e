/**
 * The command line's input and output: files and standard input read whole, system errors in words, and a buffered
 * standard output that survives its reader going away (EPIPE) or a full disk (ENOSPC) without a stack trace.
 */

import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatNumber, t } from '../../core/src/l10n';
import { notAFile } from '../../io/src/fileSystem';
import { UsageError } from './args';

/** strerror(3)'s words for the errors people meet reading files and writing output, in the output's language. */
function errorWords(code: string): string | undefined {
	switch (code) {
		case 'EACCES':
			return t('permission denied');
		case 'EAGAIN':
			return t('resource temporarily unavailable');
		case 'EBADF':
			return t('bad file descriptor');
		case 'EFBIG':
			return t('file too large');
		case 'EIO':
			return t('input/output error');
		case 'EISDIR':
			return t('is a directory');
		case 'ELOOP':
			return t('too many levels of symbolic links');
		case 'EMFILE':
			return t('too many open files');
		case 'ENAMETOOLONG':
			return t('file name too long');
		case 'ENOENT':
			return t('no such file or directory');
		case 'ENOSPC':
			return t('no space left on device');
		case 'ENOTDIR':
			return t('not a directory');
		case 'ENXIO':
			return t('no such device or address');
		case 'EPERM':
			return t('operation not permitted');
		case 'EPIPE':
			return t('broken pipe');
		case 'EROFS':
			return t('read-only file system');
		case notAFile:
			return t('not a regular file (a FIFO, a device or a socket)');
		default:
			return undefined;
	}
}

/** A system error in words (`no such file or directory`), never its code alone (`ENOENT`). */
export function describeError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	const words = code === undefined ? undefined : errorWords(code);
	if (words !== undefined) {
		return words;
	}
	const message = error instanceof Error ? error.message : String(error);
	// Node's system errors read `CODE: description, syscall 'path'`: keep the description (Node's, in English).
	return /^[A-Z0-9_]+: (.*?)(?:, \w+(?: '.*')?)?$/.exec(message)?.[1] ?? message;
}

/** The name standard input goes by in messages (`stdin`, as in file:line prefixes, in every language). */
export function inputName(path: string): string {
	return path === '-' ? 'stdin' : path;
}

/** Reads a file, or standard input for `-`, as bytes; an unreadable one is a usage error in words. */
export function readBytes(path: string): Buffer {
	try {
		return readFileSync(path === '-' ? 0 : path);
	} catch (error) {
		throw new UsageError(path === '-' ? t('cannot read standard input: {0}', describeError(error)) : t('cannot read {0}: {1}', path, describeError(error)));
	}
}

/** What {@link readOwnFile} read: the first bytes of a file, its size, and whether it held more. */
interface OwnFile {
	readonly bytes: Buffer;
	readonly size: number;
	readonly truncated: boolean;
}

/** Opening never waits (a FIFO without a writer opens at once, and is then refused); Windows has no such flag. */
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The one way the command line reads a file on its own (one found in a folder, or named by another file): a regular
 * file only (what the opened file is, by fstat, before a byte is read: a folder throws EISDIR, a FIFO, a device or a
 * socket `not-a-file`), opened without waiting, and at most `maxBytes` of it (`truncated` says when it held more).
 * Throws the system's error; {@link describeError} words it.
 */
export function readOwnFile(path: string | Buffer, maxBytes: number): OwnFile {
	const fd = openSync(path, openFlags);
	try {
		const info = fstatSync(fd);
		if (!info.isFile()) {
			throw Object.assign(new Error(info.isDirectory() ? 'is a directory' : 'not a regular file'), { code: info.isDirectory() ? 'EISDIR' : notAFile });
		}
		const bytes = Buffer.alloc(Math.min(info.size, maxBytes));
		let filled = 0;
		while (filled < bytes.length) {
			const read = readSync(fd, bytes, filled, bytes.length - filled, filled);
			if (read === 0) {
				break;
			}
			filled += read;
		}
		return { bytes: bytes.subarray(0, filled), size: info.size, truncated: info.size > filled };
	} finally {
		closeSync(fd);
	}
}

/** "only the first 564 KiB of big/robots.txt were read", for standard error when {@link readOwnFile} cut a file. */
export function cutNote(name: string, maxBytes: number): string {
	return t('only the first {0} KiB of {1} were read', formatNumber(maxBytes / 1024), name);
}

/** A path given on the command line: a folder's uri when it is one (where a walk starts), or why it could not be read. */
export interface GivenPath {
	readonly path: string;
	readonly folder?: string;
	readonly error?: unknown;
}

/** The paths given, each a folder (its uri, ending in `/`), a file, or an error; walks may follow links into any of the folders. */
export function givenPaths(paths: readonly string[]): GivenPath[] {
	return paths.map((path) => {
		try {
			return statSync(path).isDirectory() ? { path, folder: pathToFileURL(resolve(path)).href.replace(/\/?$/, '/') } : { path };
		} catch (error) {
			return { path, error };
		}
	});
}

/** Reads a text input (a URL list, a batch) as UTF-8, without the byte order mark an editor may have put first. */
export function readText(path: string): string {
	const text = readBytes(path).toString('utf8');
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The part of a writable stream the output needs; process.stdout in use, any Writable in tests. */
interface Sink {
	write(chunk: string | Uint8Array, callback: (error?: Error | null) => void): boolean;
	on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Standard output, written in large chunks (batches of 100 000 URLs stay fast), each awaited so that a write error
 * surfaces before the next chunk. After an error the output is closed: later text is dropped and commands stop early.
 */
export class Output {
	private parts: string[] = [];
	private size = 0;
	private error: NodeJS.ErrnoException | undefined;

	constructor(private readonly sink: Sink) {
		// Without a listener, a failed write would be thrown from the event loop as a stack trace.
		sink.on('error', (error) => this.fail(error));
	}

	/** True once a write failed: nothing more will be written. */
	get closed(): boolean {
		return this.error !== undefined;
	}

	/** The write error, if any: EPIPE when the reader went away, ENOSPC on a full disk, and so on. */
	get failure(): NodeJS.ErrnoException | undefined {
		return this.error;
	}

	/** Adds a line; returns a promise when the buffer was written out, which the caller awaits. */
	line(text: string): Promise<void> | undefined {
		if (this.closed) {
			return undefined;
		}
		this.parts.push(text, '\n');
		this.size += text.length + 1;
		return this.size > 1 << 16 ? this.flush() : undefined;
	}

	/** Writes text (its own line breaks included) after what is buffered. */
	write(text: string): Promise<void> {
		this.parts.push(text);
		this.size += text.length;
		return this.flush();
	}

	/** Writes out the buffer and waits until the stream took it (or failed). */
	flush(): Promise<void> {
		if (this.parts.length === 0 || this.closed) {
			this.parts = [];
			this.size = 0;
			return Promise.resolve();
		}
		const chunk = this.parts.join('');
		this.parts = [];
		this.size = 0;
		return this.send(chunk);
	}

	/** Writes UTF-8 text already encoded (whole lines, as worker threads answer them) after what is buffered. */
	async bytes(data: Uint8Array): Promise<void> {
		await this.flush();
		if (!this.closed) {
			await this.send(data);
		}
	}

	private send(chunk: string | Uint8Array): Promise<void> {
		return new Promise((resolve) => {
			this.sink.write(chunk, (error) => {
				if (error) {
					this.fail(error);
				}
				resolve();
			});
		});
	}

	private fail(error: Error): void {
		this.error ??= error as NodeJS.ErrnoException;
	}
}
