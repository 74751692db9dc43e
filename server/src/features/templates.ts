/**
 * The custom requests `robotsTxt/templates` and `robotsTxt/template` (core/protocol.ts): the starting templates for
 * "New File from Template…", and one template's files for a site. The answers are the core's, in the server's language.
 */

import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver';
import { protocol, renderTemplate, templatePresets } from '../../../core/src/index';
import { t } from '../../../core/src/l10n';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const templatesRequest = new RequestType<protocol.TemplatesParams, protocol.TemplatesResult, void>(protocol.templatesMethod);
const templateRequest = new RequestType<protocol.TemplateParams, protocol.TemplateResult, void>(protocol.templateMethod);

export function registerTemplates(context: ServerContext): void {
	const { connection } = context;
	const failed = () => new ResponseError<void>(ErrorCodes.InternalError, t('The request failed; the server log has the details'));
	connection.onRequest(templatesRequest, (_params, token) =>
		runSafe(connection.console, () => ({ templates: templatePresets() }), failed(), 'Listing the templates failed', token),
	);
	connection.onRequest(templateRequest, (params, token) =>
		runSafe(connection.console, () => renderTemplate(params.name, params.site), failed(), 'Writing a template failed', token),
	);
}
