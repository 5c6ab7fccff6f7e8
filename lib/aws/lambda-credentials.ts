import { fromEnv } from '@aws-sdk/credential-provider-env';

// Bundled in place of the SDK's default credential chain (see serverless.yml): Lambda always hands a
// function its role's credentials in the environment, so the chain's SSO, profile and metadata
// providers are dead weight loaded at every cold start.
export const defaultProvider = () => fromEnv();
