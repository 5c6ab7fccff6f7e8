/** The API's version, as the index, the health report and the OpenAPI document give it. */
export const VERSION = '1.0.0';
