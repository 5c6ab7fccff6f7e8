'use strict';
/* global module */

// serverless-iam-roles-per-function gives every function a role of its own after the framework has
// already added its shared default role, which then serves no function. A role nobody uses is still a
// role an auditor must read: this removes it, once the roles are given out, if nothing refers to it.
class DropUnusedRole {
  constructor(serverless) {
    this.hooks = {
      'before:package:finalize': () => {
        const provider = serverless.getProvider('aws');
        const template = provider.serverless.service.provider.compiledCloudFormationTemplate;
        const id = provider.naming.getRoleLogicalId();
        if (!(id in template.Resources)) return;
        const { [id]: _unused, ...others } = template.Resources;
        if (JSON.stringify({ ...template, Resources: others }).includes(`"${id}"`)) return;
        delete template.Resources[id];
      },
    };
  }
}

module.exports = DropUnusedRole;
