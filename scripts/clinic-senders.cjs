/* global module, process */
// The senders each clinic's texts and emails may leave from, for the IAM statements of serverless.yml
// (`${file(./scripts/clinic-senders.cjs)}`): every clinic's own, from CLINICS as the stage is deployed,
// else the stage's one (its SSM parameters), as before there were clinics. So a function's role may
// send from the stage's clinics' senders and from no other.

module.exports = async ({ resolveVariable }) => {
  const stage = await resolveVariable('sls:stage');
  const ssm = (name) => `{{resolve:ssm:/clinical-assistant/${stage}/${name}}}`;
  const clinics = process.env.CLINICS ? JSON.parse(process.env.CLINICS) : [{}];
  const each = (pick) => [...new Set(clinics.map(pick))];
  return {
    // !Sub: an SSM reference is not an ARN until CloudFormation resolves it.
    sms: [
      ...each((clinic) => clinic.smsOriginationIdentity ?? ssm('sms-origination-identity')).map((id) => ({
        'Fn::Sub': id,
      })),
      { 'Fn::GetAtt': ['SmsConfigurationSet', 'Arn'] },
    ],
    emailFrom: each((clinic) => clinic.emailFrom ?? ssm('email-from')),
  };
};
