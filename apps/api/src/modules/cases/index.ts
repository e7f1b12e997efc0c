/** The case desk's public face (issue 49): its routes, the integration API's intake, the escalation check. */
export { caseRoutes } from './cases.routes';
export { takeCase, takeRating, type IntakeRefusal } from './intake';
export { runCaseCheck } from './escalation';
