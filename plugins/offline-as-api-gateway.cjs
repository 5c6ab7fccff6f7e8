'use strict';
/* global module, require */
const http = require('node:http');
const { realpathSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');

// serverless-offline builds the events API Gateway would send, but for three things a caller can see,
// which this evens out so that `npm start` and the end-to-end tests answer as a deployed stage does:
// - a header sent twice reaches the function as its last copy; API Gateway (payload format 2.0)
//   joins the copies with commas, so two Authorization headers are seen, and refused;
// - a body sent without Content-Type is given `application/json`; API Gateway adds no header;
// - with CORS off (`params.cors`), it echoes any Origin with credentials on every answer and turns an
//   OPTIONS answer into a 200; API Gateway adds no `access-control-*` header and keeps the status.
// Only `serverless offline start` loads it for anything: packaging and deploying never run these hooks.

/** Marks, until the event is built, a request that came without Content-Type. */
const UNTYPED = 'x-offline-without-content-type';

function joinRepeatedHeaders(request) {
  const headers = new Map();
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i].toLowerCase();
    const value = request.rawHeaders[i + 1];
    headers.set(name, headers.has(name) ? `${headers.get(name)},${value}` : value);
  }
  if (!headers.has('content-type')) headers.set(UNTYPED, '1');
  request.rawHeaders = [...headers].flat();
}

async function actAsApiGateway() {
  if (http.Server.prototype.emit.actsAsApiGateway) return;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = Object.assign(
    function (event, request, ...rest) {
      if (event === 'request') joinRepeatedHeaders(request);
      return emit.call(this, event, request, ...rest);
    },
    { actsAsApiGateway: true },
  );
  const offline = dirname(realpathSync(require.resolve('serverless-offline')));
  const file = join(offline, 'events/http/lambda-events/LambdaProxyIntegrationEventV2.js');
  const { default: EventV2 } = await import(pathToFileURL(file).href);
  const create = EventV2.prototype.create;
  EventV2.prototype.create = function () {
    const event = create.call(this);
    if (UNTYPED in event.headers) {
      delete event.headers[UNTYPED];
      delete event.headers['content-type'];
    }
    return event;
  };
}

/** Takes serverless-offline's CORS headers off again, once its server exists, when CORS is off. */
function noCors(serverless) {
  if (serverless.service.provider.httpApi?.cors) return;
  const offline = serverless.pluginManager.plugins.find((p) => p.constructor.name === 'ServerlessOffline');
  const server = offline.internals().getApiGatewayServer();
  server.ext('onPostHandler', (request, h) => {
    if (!request.response.isBoom) request.app.status = request.response.statusCode;
    return h.continue;
  });
  // Added after serverless-offline's own onPreResponse, so it runs after it.
  server.ext('onPreResponse', (request, h) => {
    const response = request.response.isBoom ? request.response.output : request.response;
    for (const name of Object.keys(response.headers))
      if (name.startsWith('access-control-')) delete response.headers[name];
    if (request.app.status !== undefined) response.statusCode = request.app.status;
    return h.continue;
  });
}

class OfflineAsApiGateway {
  constructor(serverless) {
    this.hooks = {
      'before:offline:start:init': actAsApiGateway,
      // After serverless-offline's own hook (this plugin is listed after it): its server exists.
      'offline:start:init': () => noCors(serverless),
    };
  }
}

module.exports = OfflineAsApiGateway;
