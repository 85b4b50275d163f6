/**
 * Whether a question gathers what was said across conversations: counting or totalling ("How many plants
 * did I buy?", "in total", "altogether"), "each"/"both"/"every", or the time between two events ("How many
 * days passed between …"). Such a question's evidence sits in several sessions, so recall spreads its top
 * turns over more of them (`spreadDiversity`); a question about one thing keeps a session's turns together.
 */
const ACROSS = /\b(?:how\s+many|how\s+much\b.*\b(?:total|in\s+all|altogether|combined|spend|spent)|in\s+total|total|altogether|combined|each|every|both|all\s+the|between|so\s+far|different)\b/iu;

export function asksAcrossSessions(question: string): boolean {
  return ACROSS.test(question);
}
