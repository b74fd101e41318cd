/**
 * The teaching area's live courses (issue 14): courses and their courseware, the live-course
 * board's links, attendance and hand-ins, and the candidate's course list.
 */
export const courseEndpoints = {};
