'use strict';
/* global module */

// API Gateway answers no CORS unless the stage configures it (`params.cors`); serverless-offline, with
// CORS off, echoes any Origin with credentials on every answer and turns every OPTIONS answer into a
// 200. This makes the local service answer as the deployed one does: with CORS off, no
// `access-control-*` header leaves it, and a preflight gets the status its function gave.
class LocalCors {
  constructor(serverless) {
    this.hooks = {
      'offline:start:init': () => {
        if (serverless.service.provider.httpApi?.cors) return;
        const offline = serverless.pluginManager.plugins.find(
          (p) => p.constructor.name === 'ServerlessOffline',
        );
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
      },
    };
  }
}

module.exports = LocalCors;
