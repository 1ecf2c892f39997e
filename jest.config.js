// Every package's jest suite in one run: each workspace with a jest.config.js is a project.
const fs = require('node:fs');
const path = require('node:path');

const folders = ['shared', '.'].flatMap((parent) => fs.readdirSync(path.join(__dirname, parent)).map((name) => path.join(__dirname, parent, name)));
module.exports = {
  // Global options are not read from projects in a multi-project run: the server's suites (an app,
  // argon2 and a database per suite) need more than jest's default 5 s on a shared 2-core machine.
  // DOM suites set their own, lower bound in jest.setup-dom.js.
  testTimeout: 30000,
  projects: folders.filter(
    (dir) => dir !== __dirname && fs.existsSync(path.join(dir, 'jest.config.js')) && fs.existsSync(path.join(dir, 'package.json')),
  ),
};
