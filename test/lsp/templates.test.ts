/**
 * The templates' custom requests over the real wire (the built server over stdio): `robotsTxt/templates` lists the
 * presets and `robotsTxt/template` gives a preset's files for a site, both as the core gives them and in the language
 * of initialize's `locale`; a name that is no template gets the reason; bad parameters get InvalidParams.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver/node';
import { protocol, renderTemplate, templatePresets } from '../../core/src/index';
import { useLocale } from '../../io/src/localize';
import { TestClient } from './client';

const templatesRequest = new RequestType<protocol.TemplatesParams, protocol.TemplatesResult, void>(protocol.templatesMethod);
const templateRequest = new RequestType<protocol.TemplateParams, protocol.TemplateResult, void>(protocol.templateMethod);

describe('templates over the wire', () => {
	test('the list and each template, as the core gives them; an unknown name gets the reason; bad params are refused', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const { templates } = await send(templatesRequest, {});
			assert.deepEqual(templates, templatePresets());
			assert.deepEqual(
				templates.map((template) => template.name),
				['plain', 'wordpress', 'store', 'static', 'docs', 'staging', 'ai'],
			);
			for (const { name } of templates) {
				assert.deepEqual(await send(templateRequest, { name }), renderTemplate(name));
				assert.deepEqual(await send(templateRequest, { name, site: 'https://example.com' }), renderTemplate(name, 'https://example.com'));
			}
			assert.match(
				((await send(templateRequest, { name: 'plain', site: 'https://example.com' })) as { robots: string }).robots,
				/^Sitemap: https:\/\/example\.com\/sitemap\.xml$/m,
			);
			assert.match(((await send(templateRequest, { name: 'joomla' })) as { error: string }).error, /"joomla".*plain, wordpress/);
			const invalid = (error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams;
			await assert.rejects(send(templateRequest, { name: 42 } as never), invalid);
			await assert.rejects(send(templateRequest, { name: 'plain', site: 7 } as never), invalid);
			await assert.rejects(send(templatesRequest, null as never), invalid);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test("in the editor's language: titles, descriptions and comments in Russian, as the core gives them under that locale", async () => {
		const client = await TestClient.start({ configuration: true, settings: {}, locale: 'ru' });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const { templates } = await send(templatesRequest, {});
			const wordpress = await send(templateRequest, { name: 'wordpress' });
			useLocale('ru');
			try {
				assert.deepEqual(templates, templatePresets());
				assert.deepEqual(wordpress, renderTemplate('wordpress'));
			} finally {
				useLocale(undefined);
			}
			assert.notDeepEqual(templates, templatePresets());
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
