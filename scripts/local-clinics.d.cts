// The local stage's demo clinics and keys, each as the JSON text serverless.yml passes the functions.
declare const local: { clinics: string; apiKeys: string };
export = local;
