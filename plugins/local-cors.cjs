'use strict';
/* global module */

// API Gateway answers no CORS unless the stage configures it (`params.cors`); serverless-offline, with
// CORS off, echoes any Origin with credentials on every answer. This makes the local service answer as
// the deployed one does: with CORS off, no `access-control-*` header leaves it.
class LocalCors {
  constructor(serverless) {
    this.hooks = {
      'offline:start:init': () => {
        if (serverless.service.provider.httpApi?.cors) return;
        const offline = serverless.pluginManager.plugins.find(
          (p) => p.constructor.name === 'ServerlessOffline',
        );
        offline
          .internals()
          .getApiGatewayServer()
          .ext('onPreResponse', (request, h) => {
            const { headers } = request.response.isBoom ? request.response.output : request.response;
            for (const name of Object.keys(headers))
              if (name.startsWith('access-control-')) delete headers[name];
            return h.continue;
          });
      },
    };
  }
}

module.exports = LocalCors;
