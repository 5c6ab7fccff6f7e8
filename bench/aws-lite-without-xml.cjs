'use strict';
/* global module */

// The aws-lite floor candidate (bench/cold-start.ts) built as the functions shipped it until issue 25.

// DynamoDB answers in JSON, so aws-lite's XML parser and builder (26 kB, for S3 and the other XML
// services) were left out of every bundle. Should anything answer in XML instead, such as a proxy's
// error page, its text is kept as the error's message and the status code decides, as before: the
// stand-in answers in the shape aws-lite reads an XML error in (test/integration/bundled-client.test.ts held the same of the new client).
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
