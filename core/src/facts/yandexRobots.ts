// Yandex robots as listed in the bot table (BotInfoArr) of Yandex's robots.txt library,
// robotstxtcfg/user_agents.h in library/cpp/robots_txt as published in the ydb-platform/ydb repository.
// Names are the product tokens of the table's full names (YandexBot/3.0 -> YandexBot); purposes follow the Yandex Webmaster help.

import { t } from '../l10n';

/** One Yandex robot as Yandex's robots.txt library knows it. */
export interface YandexRobot {
	/** The robot's name as used in its User-Agent header, e.g. "YandexBot". */
	readonly name: string;
	/** The name with the version the library knows, e.g. "YandexBot/3.0": a User-agent value must be a prefix of it. */
	readonly fullName: string;
	/** A User-agent value must start with this (case-insensitive) to apply to the robot, e.g. "Yandex". */
	readonly requiredPrefix: string;
	/** What the robot does, one short phrase in the configured language (a function: the table is built at import). */
	readonly purpose: () => string;
}

export const yandexRobots: readonly YandexRobot[] = [
	{
		name: 'YandexBot',
		fullName: 'YandexBot/3.0',
		requiredPrefix: 'Yandex',
		purpose: () => t('main indexing robot (also its mirror-detector and mobile variants)'),
	},
	{ name: 'YandexMedia', fullName: 'YandexMedia/3.0', requiredPrefix: 'Yandex', purpose: () => t('indexes multimedia data') },
	{ name: 'YandexImages', fullName: 'YandexImages/3.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Images indexer') },
	{ name: 'YandexCatalog', fullName: 'YandexCatalog/3.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Catalog robot') },
	{
		name: 'YaDirectFetcher',
		fullName: 'YaDirectFetcher/1.0',
		requiredPrefix: 'YaDirectFetcher',
		purpose: () => t('Yandex Direct robot that checks ad landing pages'),
	},
	{ name: 'YandexBlogs', fullName: 'YandexBlogs/0.99', requiredPrefix: 'Yandex', purpose: () => t('blog search robot that indexes posts and comments') },
	{ name: 'YandexNews', fullName: 'YandexNews/3.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex News robot') },
	{ name: 'YandexPagechecker', fullName: 'YandexPagechecker/2.0', requiredPrefix: 'Yandex', purpose: () => t('structured data (micro-markup) validator') },
	{ name: 'YandexMetrika', fullName: 'YandexMetrika/3.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Metrica robot (YandexMetrika/3.0)') },
	{ name: 'YandexBrowser', fullName: 'YandexBrowser/1.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Browser page requests') },
	{ name: 'YandexMarket', fullName: 'YandexMarket/1.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Market robot (YandexMarket/1.0)') },
	{
		name: 'YandexCalendar',
		fullName: 'YandexCalendar/1.0',
		requiredPrefix: 'YandexCalendar',
		purpose: () => t('Yandex Calendar robot that fetches calendar files'),
	},
	{ name: 'YandexWebmaster', fullName: 'YandexWebmaster/2.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Webmaster robot') },
	{ name: 'YandexVideo', fullName: 'YandexVideo/3.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Video indexer') },
	{ name: 'YandexImageResizer', fullName: 'YandexImageResizer/2.0', requiredPrefix: 'Yandex', purpose: () => t('mobile services robot that resizes images') },
	{
		name: 'YandexDirect',
		fullName: 'YandexDirect/3.0',
		requiredPrefix: 'YandexDirect',
		purpose: () => t('downloads advertising-network partner sites to match ads to them'),
	},
	{ name: 'YandexPartner', fullName: 'YandexPartner/3.0', requiredPrefix: 'YandexPartner', purpose: () => t('downloads content of Yandex partner sites') },
	{ name: 'YandexTravel', fullName: 'YandexTravel/1.0', requiredPrefix: 'Yandex', purpose: () => t('Yandex Travel robot') },
	{ name: 'YandexRCA', fullName: 'YandexRCA/1.0', requiredPrefix: 'YandexRCA', purpose: () => t('collects data for site previews') },
	{ name: 'YandexDirectDyn', fullName: 'YandexDirectDyn/1.0', requiredPrefix: 'YandexDirectDyn', purpose: () => t('generates dynamic banners') },
	{ name: 'YandexMobileBot', fullName: 'YandexMobileBot/3.0', requiredPrefix: 'YandexMobileBot', purpose: () => t('checks whether pages are mobile-friendly') },
	{
		name: 'YandexAccessibilityBot',
		fullName: 'YandexAccessibilityBot/3.0',
		requiredPrefix: 'YandexAccessibilityBot',
		purpose: () => t('checks that pages are accessible to users'),
	},
	{ name: 'YandexScreenshotBot', fullName: 'YandexScreenshotBot/3.0', requiredPrefix: 'YandexScreenshotBot', purpose: () => t('takes page screenshots') },
	{
		name: 'YandexMetrika',
		fullName: 'YandexMetrika/2.0',
		requiredPrefix: 'YandexMetrika',
		purpose: () => t('Yandex Metrica robot (YandexMetrika/2.0 and 4.0)'),
	},
	{
		name: 'YandexVideoParser',
		fullName: 'YandexVideoParser/1.0',
		requiredPrefix: 'YandexVideoParser',
		purpose: () => t('Yandex Video indexer that parses video pages'),
	},
	{ name: 'YandexMarket', fullName: 'YandexMarket/2.0', requiredPrefix: 'YandexMarket', purpose: () => t('Yandex Market robot (YandexMarket/2.0)') },
	{ name: 'YandexMedianaBot', fullName: 'YandexMedianaBot/1.0', requiredPrefix: 'YandexMedianaBot', purpose: () => t('Mediana service robot') },
	{
		name: 'YandexSearchShop',
		fullName: 'YandexSearchShop/1.0',
		requiredPrefix: 'YandexSearchShop',
		purpose: () => t('downloads product catalogs for shopping search'),
	},
	{ name: 'YandexOntoDB', fullName: 'YandexOntoDB/1.0', requiredPrefix: 'Yandex', purpose: () => t('object answer (knowledge base) robot') },
	{
		name: 'YandexOntoDBAPI',
		fullName: 'YandexOntoDBAPI/1.0',
		requiredPrefix: 'YandexOntoDBAPI',
		purpose: () => t('object answer robot that downloads dynamic data'),
	},
	{ name: 'Yandex-AMPHTML', fullName: 'Yandex-AMPHTML', requiredPrefix: 'Yandex-AMPHTML', purpose: () => t('downloads AMP pages') },
	{ name: 'YandexVideoHosting', fullName: 'YandexVideoHosting/1.0', requiredPrefix: 'YandexVideoHosting', purpose: () => t('Yandex video hosting robot') },
	{ name: 'YandexMediaSelling', fullName: 'YandexMediaSelling/1.0', requiredPrefix: 'YandexMediaSelling', purpose: () => t('media advertising sales robot') },
	{
		name: 'YandexVerticals',
		fullName: 'YandexVerticals/1.0',
		requiredPrefix: 'YandexVerticals',
		purpose: () => t('robot of Yandex vertical services (autos, real estate, jobs)'),
	},
	{ name: 'YandexTurbo', fullName: 'YandexTurbo/1.0', requiredPrefix: 'YandexTurbo', purpose: () => t('crawls RSS feeds for Turbo pages') },
	{ name: 'YandexZenRss', fullName: 'YandexZenRss/1.0', requiredPrefix: 'YandexZenRss', purpose: () => t('crawls RSS feeds for Yandex Zen') },
	{ name: 'YandexTracker', fullName: 'YandexTracker/1.0', requiredPrefix: 'YandexTracker', purpose: () => t('Yandex Tracker robot') },
	{
		name: 'YandexMobileScreenShotBot',
		fullName: 'YandexMobileScreenShotBot/1.0',
		requiredPrefix: 'YandexMobileScreenShotBot',
		purpose: () => t('takes screenshots of pages on mobile devices'),
	},
	{ name: 'YandexFavicons', fullName: 'YandexFavicons/1.0', requiredPrefix: 'YandexFavicons', purpose: () => t('downloads site favicons') },
];
