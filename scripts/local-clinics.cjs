/* global module */
// The local stage's clinics and keys, read by serverless.yml (`${file(...)}`) and the local commands
// alike, so both know the same demo clinics: the default one (a one-clinic deployment's settings:
// CLINIC_NAME, QUIET_HOURS…) and a second, Hillside, each with a live key and a test key. Fictional
// numbers from Ofcom's drama range; the keys are valid on the local stage only. CLINICS and API_KEYS
// in the shell or `.env` replace them.

const ALL_SCOPES = ['patients:read', 'patients:write', 'preferences:write', 'reminders:send'];

const clinics = [
  { id: 'default', smsNumber: '+447700900500' },
  {
    id: 'hillside',
    name: 'Hillside Health Centre',
    smsNumber: '+447700900600',
    quietHours: '20:00-09:00',
    reminderOffsets: '72h,24h',
    smsPerSecond: 4,
  },
];

// The SHA-256 of each key (printf %s '<key>' | sha256sum); the key itself is in the README.
const apiKeys = [
  {
    id: 'local-dev',
    sha256: 'ed5a18fb8f807f996d649e379d3f35f39c543a91bdbf88c492f2ebd10d4df86c',
    clinic: 'default',
  },
  {
    id: 'local-test',
    sha256: 'ed80667ec3d95b40e0d38f0ca5661b5c2765c1dd62682640d0976f20bbd8254a',
    clinic: 'default',
    test: true,
  },
  {
    id: 'hillside-dev',
    sha256: '35effc6315d487bebf11151046bcf8164af4036b7f590fb69d516afe5a1e5406',
    clinic: 'hillside',
  },
  {
    id: 'hillside-test',
    sha256: 'bc4d1ea2705fa89a7fa1d69ec6ed0631cc100ef6ef72ebcf72f25d6527ff360e',
    clinic: 'hillside',
    test: true,
  },
].map((key) => ({ ...key, scopes: ALL_SCOPES }));

module.exports = { clinics: JSON.stringify(clinics), apiKeys: JSON.stringify(apiKeys) };
