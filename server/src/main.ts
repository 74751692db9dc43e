/**
 * The Node entry of the language server: the transport (IPC or stdio, as the command line says) and logging.
 * From here on, nothing depends on how the server was started.
 */

import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

const connection = createConnection(ProposedFeatures.all);

// stdout may be the transport: console output goes to the client's log instead.
console.log = connection.console.log.bind(connection.console);
console.error = connection.console.error.bind(connection.console);
process.on('unhandledRejection', (reason) => connection.console.error(`Unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`));

startServer(connection);
