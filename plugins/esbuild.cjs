'use strict';
/* global module */

// The esbuild plugins every function's bundle is built with (serverless.yml, custom.esbuild.plugins).

// DynamoDB answers in JSON, so aws-lite's XML parser and builder (26 kB, for S3 and the other XML
// services) are left out of every bundle. Should anything answer in XML instead, such as a proxy's
// error page, its text is kept as the error's message and the status code decides, as before: the
// stand-in answers in the shape aws-lite reads an XML error in (test/integration/bundled-client.test.ts).
const XML_STAND_IN = `
class XMLParser { addEntity() {} parse(body) { return { Error: { Message: String(body) } }; } }
class XMLBuilder { build() { throw new Error('aws-lite XML requests are not bundled'); } }
module.exports = { XMLParser, XMLBuilder, getValueFromTextNode: (node) => node };
`;

const withoutAwsLiteXml = {
  name: 'without-aws-lite-xml',
  setup(build) {
    build.onResolve({ filter: /\/_vendor\/xml$/ }, ({ importer }) =>
      importer.includes('@aws-lite/client') ? { path: 'aws-lite-xml', namespace: 'stand-in' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({ contents: XML_STAND_IN, loader: 'js' }));
  },
};

module.exports = [withoutAwsLiteXml];
