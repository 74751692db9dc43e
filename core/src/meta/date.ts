/**
 * Reads the date of `unavailable_after`. Google accepts "a widely adopted format including, but not limited to
 * RFC 822, RFC 850, and ISO 8601" and ignores the rule when it finds no valid date; we read those three, the asctime
 * form HTTP dates allow, and the long US form ("June 25, 2010"), and check that the calendar date exists.
 */

import { t } from '../l10n';

/** A date `unavailable_after` can use. */
export interface RobotsDate {
	/** The format it was read in. */
	readonly format: 'iso-8601' | 'rfc-822' | 'rfc-850' | 'asctime' | 'month-day-year';
	/** Milliseconds since the epoch, reading a date without a zone as UTC. */
	readonly time: number;
	/** Whether the text names a time zone or offset; without one, the time depends on the reader. */
	readonly hasZone: boolean;
}

type DateReading = { readonly ok: true; readonly date: RobotsDate } | { readonly ok: false; readonly reason: string };

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const fullWeekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const fullMonths = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

// RFC 822 §5.1 zones, in hours from UTC; military single letters are read too (J is not a zone).
const zones: Readonly<Record<string, number>> = {
	ut: 0,
	utc: 0,
	gmt: 0,
	z: 0,
	est: -5,
	edt: -4,
	cst: -6,
	cdt: -5,
	mst: -7,
	mdt: -6,
	pst: -8,
	pdt: -7,
};

// Every expression is a constant, anchored, without nested quantifiers: linear on any input.
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?)?$/;
const rfc822Pattern =
	/^(?:([A-Za-z]{3,9}),?\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4}|\d{2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([A-Za-z]{1,4}|[+-]\d{4}))?)?$/;
const rfc850Pattern = /^(?:([A-Za-z]{3,9}),?\s*)?(\d{1,2})-([A-Za-z]{3})-(\d{4}|\d{2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([A-Za-z]{1,4}|[+-]\d{4}))?)?$/;
const asctimePattern = /^([A-Za-z]{3})\s+([A-Za-z]{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})$/;
const monthDayYearPattern = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([A-Za-z]{1,4}|[+-]\d{4}))?)?$/;

/** At most this many characters are read as a date: anything longer is not one. */
const maxDateLength = 100;

/** Reads `text` as an `unavailable_after` date. Never throws. */
export function parseRobotsDate(text: string): DateReading {
	const value = text.trim();
	if (value.length === 0) {
		return { ok: false, reason: t('no date is given') };
	}
	if (value.length > maxDateLength) {
		return { ok: false, reason: t('the value is too long to be a date') };
	}
	let match = isoPattern.exec(value);
	if (match) {
		return build('iso-8601', +match[1], +match[2], +match[3], match[4], match[5], match[6], match[7], undefined);
	}
	match = rfc822Pattern.exec(value);
	if (match) {
		const month = monthNumber(match[3]);
		if (month === undefined) {
			return { ok: false, reason: t("'{0}' is not a month name", match[3]) };
		}
		return build('rfc-822', fullYear(match[4]), month, +match[2], match[5], match[6], match[7], match[8], match[1]);
	}
	match = rfc850Pattern.exec(value);
	if (match) {
		const month = monthNumber(match[3]);
		if (month === undefined) {
			return { ok: false, reason: t("'{0}' is not a month name", match[3]) };
		}
		return build('rfc-850', fullYear(match[4]), month, +match[2], match[5], match[6], match[7], match[8], match[1]);
	}
	match = asctimePattern.exec(value);
	if (match) {
		const month = monthNumber(match[2]);
		if (month === undefined) {
			return { ok: false, reason: t("'{0}' is not a month name", match[2]) };
		}
		return build('asctime', +match[7], month, +match[3], match[4], match[5], match[6], undefined, match[1]);
	}
	match = monthDayYearPattern.exec(value);
	if (match) {
		const month = monthNumber(match[1]);
		if (month !== undefined) {
			return build('month-day-year', +match[3], month, +match[2], match[4], match[5], match[6], match[7], undefined);
		}
	}
	return { ok: false, reason: t('it is in none of the formats Google names (RFC 822, RFC 850, ISO 8601)') };
}

/** Whether `text` is a day-of-week name alone: RFC 822 and RFC 850 dates start with one and a comma. */
export function isWeekdayName(text: string): boolean {
	const lower = text.trim().toLowerCase().replace(/\.$/, '');
	return weekdays.includes(lower) || fullWeekdays.includes(lower);
}

/** Whether `text` is a month and a day ("June 25"), which the long US form follows with a comma and the year. */
export function isMonthAndDay(text: string): boolean {
	const match = /^([A-Za-z]{3,9})\.?\s+\d{1,2}$/.exec(text.trim());
	return match !== null && monthNumber(match[1]) !== undefined;
}

function monthNumber(name: string): number | undefined {
	const lower = name.toLowerCase();
	const short = months.indexOf(lower);
	if (short >= 0) {
		return short + 1;
	}
	const full = fullMonths.indexOf(lower);
	if (full >= 0) {
		return full + 1;
	}
	// "Sept" is a common abbreviation.
	return lower === 'sept' ? 9 : undefined;
}

// RFC 2822 §4.3: a two-digit year 00-49 is 20xx, 50-99 is 19xx.
function fullYear(text: string): number {
	const year = +text;
	return text.length === 2 ? (year < 50 ? 2000 + year : 1900 + year) : year;
}

function build(
	format: RobotsDate['format'],
	year: number,
	month: number,
	day: number,
	hourText: string | undefined,
	minuteText: string | undefined,
	secondText: string | undefined,
	zoneText: string | undefined,
	weekday: string | undefined,
): DateReading {
	if (weekday !== undefined && !isWeekdayName(weekday)) {
		return { ok: false, reason: t("'{0}' is not a day of the week", weekday) };
	}
	if (month < 1 || month > 12) {
		return { ok: false, reason: t('month {0} does not exist', month) };
	}
	const days = daysInMonth(year, month);
	if (day < 1 || day > days) {
		return { ok: false, reason: t('day {0} does not exist in that month', day) };
	}
	const hour = hourText === undefined ? 0 : +hourText;
	const minute = minuteText === undefined ? 0 : +minuteText;
	const second = secondText === undefined ? 0 : +secondText;
	if (hour > 23 || minute > 59 || second > 60) {
		return { ok: false, reason: t('the time of day does not exist') };
	}
	let offsetMinutes = 0;
	let hasZone = false;
	if (zoneText !== undefined) {
		const offset = zoneOffset(zoneText);
		if (offset === undefined) {
			return { ok: false, reason: t("'{0}' is not a time zone", zoneText) };
		}
		offsetMinutes = offset;
		hasZone = true;
	}
	const time = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59)) - offsetMinutes * 60_000;
	return { ok: true, date: { format, time, hasZone } };
}

function daysInMonth(year: number, month: number): number {
	if (month === 2) {
		const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
		return leap ? 29 : 28;
	}
	return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Minutes east of UTC for a zone name or a `+hhmm` / `+hh:mm` offset; undefined when it is not a zone. */
function zoneOffset(text: string): number | undefined {
	const sign = text[0] === '+' ? 1 : text[0] === '-' ? -1 : 0;
	if (sign !== 0) {
		const digits = text.slice(1).replace(':', '');
		if (!/^\d{2}(\d{2})?$/.test(digits)) {
			return undefined;
		}
		const hours = +digits.slice(0, 2);
		const minutes = digits.length === 4 ? +digits.slice(2) : 0;
		return hours > 23 || minutes > 59 ? undefined : sign * (hours * 60 + minutes);
	}
	const lower = text.toLowerCase();
	if (lower in zones) {
		return zones[lower] * 60;
	}
	// RFC 822's one-letter military zones (J excepted): RFC 1123 §5.2.14 says their signs were specified backwards,
	// so they "carry no information"; they are zones, read as UTC.
	if (/^[a-ik-y]$/.test(lower)) {
		return 0;
	}
	return undefined;
}
