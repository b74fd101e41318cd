/**
 * The teaching area's annotation practice (issue 15): practice theses with expert reference
 * annotations, scored attempts and their results.
 */
export const practiceEndpoints = {};
