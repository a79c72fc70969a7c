// ltijs and ltijs-sequelize ship no types; lti.test-tool.ts (tests only) types the calls it makes.
declare module 'ltijs';
declare module 'ltijs-sequelize';
