import type { Conversation } from './conversations.data.js';

/**
 * A second blind set, WRITTEN BEFORE READING THE EXTRACTOR'S CODE (packages/core/src/recall/extract/): only
 * the suites' format was read, and every sentence was checked to be new against the other suites. It covers
 * each kind the spec lists (jobs, homes, third persons, pets and possessions, late corrections, future
 * starts, relative times) in phrasings a user would type. Its score before any rule change is the honest
 * estimate of how the extractor does on conversations nobody tuned it on; rule changes made after it was
 * written must be general (a family of phrasings), never a sentence from here. Same format as
 * conversations.data.ts.
 */
export const BLIND_SECOND: Conversation[] = [
  {
    name: 'UX designer laid off',
    category: 'jobs',
    speaker: 'Priya',
    turns: [
      { at: '2024-02-03', text: "I'm a UX designer at Canva, been there a couple of years." },
      { at: '2024-06-18', text: 'Rough week. I got laid off from Canva on Monday, along with half my team.' },
      { at: '2024-06-20', text: 'Updating my portfolio now.' },
    ],
    checks: [
      ['Priya', 'works_at', '2024-02-04', '2024-02-03', ['Canva']],
      ['Priya', 'job_title', '2024-02-04', '2024-02-03', ['UX designer']],
      ['Priya', 'works_at', '2024-06-19', '2024-06-18', []],
      ['Priya', 'works_at', '2024-06-10', '2024-06-18', ['Canva']],
      ['Priya', 'works_at', '2024-06-19', '2024-06-01', ['Canva']],
    ],
  },
  {
    name: 'chemistry teacher retires in June',
    category: 'jobs',
    speaker: 'Gerald',
    turns: [
      { at: '2023-11-05', text: 'I teach chemistry at Lincoln High School.' },
      { at: '2024-07-01', text: 'Well, I officially retired at the end of June after thirty years of teaching.' },
      { at: '2024-07-03', text: 'Gardening all day now.' },
    ],
    checks: [
      ['Gerald', 'works_at', '2023-11-06', '2023-11-05', ['Lincoln High School']],
      ['Gerald', 'works_at', '2024-07-02', '2024-07-01', []],
      ['Gerald', 'works_at', '2024-07-02', '2024-06-25', ['Lincoln High School']],
      ['Gerald', 'works_at', '2024-06-15', '2024-07-01', ['Lincoln High School']],
    ],
  },
  {
    name: 'nurse leaves Kaiser for Stanford Health',
    category: 'jobs',
    speaker: 'Rosa',
    turns: [
      { at: '2024-01-12', text: "I'm now working for Kaiser Permanente as a nurse, started two weeks ago." },
      { at: '2024-05-20', text: "My last day at Kaiser Permanente is this Friday, then I'm joining Stanford Health on June 3." },
      { at: '2024-05-22', text: 'Nervous but excited.' },
    ],
    checks: [
      ['Rosa', 'works_at', '2024-01-13', '2024-01-12', ['Kaiser Permanente']],
      ['Rosa', 'job_title', '2024-01-13', '2024-01-12', ['nurse']],
      ['Rosa', 'works_at', '2023-12-15', '2024-01-12', []],
      ['Rosa', 'works_at', '2024-05-21', '2024-05-20', ['Kaiser Permanente']],
      ['Rosa', 'works_at', '2024-05-28', '2024-05-20', []],
      ['Rosa', 'works_at', '2024-06-05', '2024-05-20', ['Stanford Health']],
      ['Rosa', 'works_at', '2024-06-05', '2024-05-15', ['Kaiser Permanente']],
    ],
  },
  {
    name: 'quit Spotify to freelance',
    category: 'jobs',
    speaker: 'Nadia',
    turns: [
      { at: '2024-03-03', text: "I'm on the marketing team at Spotify." },
      { at: '2024-08-08', text: 'I finally quit Spotify last month to go freelance.' },
      { at: '2024-08-10', text: 'Clients are slow to pay, ugh.' },
    ],
    checks: [
      ['Nadia', 'works_at', '2024-03-04', '2024-03-03', ['Spotify']],
      ['Nadia', 'works_at', '2024-08-09', '2024-08-08', []],
      ['Nadia', 'works_at', '2024-06-20', '2024-08-08', ['Spotify']],
      ['Nadia', 'works_at', '2024-08-09', '2024-08-01', ['Spotify']],
    ],
  },
  {
    name: 'accountant switches from Deloitte to KPMG',
    category: 'jobs',
    speaker: 'Owen',
    turns: [
      { at: '2024-02-02', text: "I've been an accountant with Deloitte since 2021." },
      { at: '2024-09-09', text: "Big change: I'm leaving Deloitte. Starting at KPMG next Monday." },
      { at: '2024-09-11', text: 'Cleaning out my desk.' },
    ],
    checks: [
      ['Owen', 'works_at', '2022-06-01', '2024-02-02', ['Deloitte']],
      ['Owen', 'works_at', '2020-06-01', '2024-02-02', []],
      ['Owen', 'works_at', '2024-09-10', '2024-09-09', ['Deloitte']],
      ['Owen', 'works_at', '2024-09-20', '2024-09-09', ['KPMG']],
      ['Owen', 'works_at', '2024-09-20', '2024-09-08', ['Deloitte']],
    ],
  },
  {
    name: 'Chicago to Phoenix at the end of March',
    category: 'moves',
    speaker: 'Derek',
    turns: [
      { at: '2024-01-04', text: "I'm based in Chicago, I work remote." },
      { at: '2024-04-15', text: 'We moved down to Phoenix at the end of March.' },
      { at: '2024-04-17', text: "It's already 90 degrees." },
    ],
    checks: [
      ['Derek', 'lives_in', '2024-01-05', '2024-01-04', ['Chicago']],
      ['Derek', 'lives_in', '2024-04-10', '2024-04-15', ['Phoenix']],
      ['Derek', 'lives_in', '2024-04-10', '2024-04-14', ['Chicago']],
      ['Derek', 'lives_in', '2024-03-10', '2024-04-15', ['Chicago']],
    ],
  },
  {
    name: 'Denver since 2019, Salt Lake City in October',
    category: 'moves',
    speaker: 'Kayla',
    turns: [
      { at: '2024-02-10', text: "I've been in Denver since 2019 and I still love the mountains." },
      { at: '2024-10-01', text: "We're moving to Salt Lake City on October 20!" },
      { at: '2024-10-03', text: 'So many boxes.' },
    ],
    checks: [
      ['Kayla', 'lives_in', '2020-05-01', '2024-02-10', ['Denver']],
      ['Kayla', 'lives_in', '2018-05-01', '2024-02-10', []],
      ['Kayla', 'lives_in', '2024-10-10', '2024-10-01', ['Denver']],
      ['Kayla', 'lives_in', '2024-10-25', '2024-10-01', ['Salt Lake City']],
      ['Kayla', 'lives_in', '2024-10-25', '2024-09-30', ['Denver']],
    ],
  },
  {
    name: 'back to Dublin two years ago',
    category: 'durations',
    speaker: 'Aoife',
    turns: [
      { at: '2024-03-03', text: 'I moved back to Dublin two years ago after a long stint in London.' },
      { at: '2024-03-05', text: 'The weather is the same anyway.' },
    ],
    checks: [
      ['Aoife', 'lives_in', '2023-01-01', '2024-03-03', ['Dublin']],
      ['Aoife', 'lives_in', '2024-03-04', '2024-03-03', ['Dublin']],
      ['Aoife', 'lives_in', '2021-06-01', '2024-03-03', ['London']],
    ],
  },
  {
    name: 'a summer at the parents, a hypothetical Berlin job',
    category: 'no change',
    speaker: 'Jordan',
    turns: [
      { at: '2024-05-01', text: 'I live in Brooklyn.' },
      { at: '2024-07-04', text: "I'm spending the summer at my parents' place in Ohio." },
      { at: '2024-07-10', text: 'If I got the Berlin job I would move to Germany in a heartbeat.' },
      { at: '2024-07-12', text: 'Anyway.' },
    ],
    checks: [
      ['Jordan', 'lives_in', '2024-05-02', '2024-05-01', ['Brooklyn']],
      ['Jordan', 'lives_in', '2024-07-05', '2024-07-04', ['Brooklyn']],
      ['Jordan', 'lives_in', '2024-07-11', '2024-07-10', ['Brooklyn']],
      ['Jordan', 'lives_in', '2024-07-11', '2024-07-12', ['Brooklyn']],
      ['Jordan', 'works_at', '2024-07-11', '2024-07-10', []],
    ],
  },
  {
    name: 'thinking about Vancouver, roommate leaves for Montreal',
    category: 'no change',
    speaker: 'Emily',
    turns: [
      { at: '2024-01-20', text: 'I live in Toronto with two roommates.' },
      { at: '2024-03-03', text: 'Honestly thinking about moving to Vancouver next year.' },
      { at: '2024-03-15', text: 'My roommate Jess is moving to Montreal next month.' },
      { at: '2024-03-16', text: 'Gonna miss her.' },
    ],
    checks: [
      ['Emily', 'lives_in', '2024-03-04', '2024-03-03', ['Toronto']],
      ['Emily', 'lives_in', '2025-06-01', '2024-03-03', ['Toronto']],
      ['Emily', 'lives_in', '2024-03-16', '2024-03-15', ['Toronto']],
      ['Jess', 'lives_in', '2024-05-01', '2024-03-15', ['Montreal']],
      ['Emily', 'lives_in', '2024-05-01', '2024-03-16', ['Toronto']],
    ],
  },
  {
    name: 'a work trip to Tokyo',
    category: 'no change',
    speaker: 'Sean',
    turns: [
      { at: '2024-02-02', text: "I work for Stripe, and I'm living in Dublin these days." },
      { at: '2024-04-10', text: 'Flying to Tokyo tomorrow for a two-week work trip.' },
      { at: '2024-04-30', text: 'Back from Tokyo, the jet lag is brutal.' },
      { at: '2024-05-02', text: 'Sleeping a lot.' },
    ],
    checks: [
      ['Sean', 'works_at', '2024-02-03', '2024-02-02', ['Stripe']],
      ['Sean', 'lives_in', '2024-02-03', '2024-02-02', ['Dublin']],
      ['Sean', 'lives_in', '2024-04-20', '2024-04-10', ['Dublin']],
      ['Sean', 'lives_in', '2024-04-20', '2024-05-01', ['Dublin']],
      ['Sean', 'works_at', '2024-04-20', '2024-04-30', ['Stripe']],
    ],
  },
  {
    name: 'my brother Luca goes to Ferrari',
    category: 'third persons',
    speaker: 'Giulia',
    turns: [
      { at: '2024-01-14', text: "My brother Luca lives in Milan and works at Pirelli. I'm down in Rome." },
      { at: '2024-06-06', text: 'Luca just got a job at Ferrari, he starts in July.' },
      { at: '2024-06-08', text: "He's over the moon." },
    ],
    checks: [
      ['Luca', 'lives_in', '2024-01-15', '2024-01-14', ['Milan']],
      ['Luca', 'works_at', '2024-01-15', '2024-01-14', ['Pirelli']],
      ['Giulia', 'lives_in', '2024-01-15', '2024-01-14', ['Rome']],
      ['Luca', 'works_at', '2024-07-15', '2024-06-06', ['Ferrari']],
      ['Luca', 'works_at', '2024-06-07', '2024-06-06', ['Pirelli']],
      ['Luca', 'works_at', '2024-07-15', '2024-06-01', ['Pirelli']],
      ['Giulia', 'works_at', '2024-06-07', '2024-06-06', []],
    ],
  },
  {
    name: 'mom Linda retires to Florida',
    category: 'third persons',
    speaker: 'Kevin',
    turns: [
      { at: '2024-02-02', text: "I'm in Boston. My mom Linda is still in Hartford." },
      { at: '2024-11-11', text: 'My mom Linda finally retired and moved to Florida last month!' },
      { at: '2024-11-13', text: "I'm jealous of the weather." },
    ],
    checks: [
      ['Kevin', 'lives_in', '2024-02-03', '2024-02-02', ['Boston']],
      ['Linda', 'lives_in', '2024-02-03', '2024-02-02', ['Hartford']],
      ['Linda', 'lives_in', '2024-11-12', '2024-11-11', ['Florida']],
      ['Linda', 'lives_in', '2024-11-12', '2024-11-01', ['Hartford']],
      ['Linda', 'lives_in', '2024-09-15', '2024-11-11', ['Hartford']],
      ['Kevin', 'lives_in', '2024-11-12', '2024-11-11', ['Boston']],
    ],
  },
  {
    name: "a friend's cat is not mine",
    category: 'third persons',
    speaker: 'Sara',
    turns: [
      { at: '2024-04-04', text: 'My friend Omar adopted a cat named Mochi.' },
      { at: '2024-04-20', text: 'I have a parrot called Kiwi.' },
      { at: '2024-04-22', text: 'She talks all day.' },
    ],
    checks: [
      ['Omar', 'has', '2024-04-05', '2024-04-04', ['Mochi']],
      ['Sara', 'has', '2024-04-05', '2024-04-04', []],
      ['Sara', 'has', '2024-04-21', '2024-04-20', ['Kiwi']],
      ['Omar', 'has', '2024-04-21', '2024-04-20', ['Mochi']],
    ],
  },
  {
    name: 'a coworker leaves for Google',
    category: 'third persons',
    speaker: 'Ethan',
    turns: [
      { at: '2024-03-03', text: "I've got a job at Atlassian, mostly backend stuff." },
      { at: '2024-05-05', text: 'My coworker Priya left for Google last week.' },
      { at: '2024-05-07', text: 'The office is quieter.' },
    ],
    checks: [
      ['Ethan', 'works_at', '2024-03-04', '2024-03-03', ['Atlassian']],
      ['Ethan', 'works_at', '2024-05-06', '2024-05-05', ['Atlassian']],
      ['Priya', 'works_at', '2024-05-06', '2024-05-05', ['Google']],
      ['Ethan', 'works_at', '2024-05-06', '2024-05-07', ['Atlassian']],
    ],
  },
  {
    name: 'a shelter kitten named Miso, then Tofu',
    category: 'pets',
    speaker: 'Hannah',
    turns: [
      { at: '2024-01-09', text: 'We adopted a kitten from the shelter yesterday and named her Miso.' },
      { at: '2024-05-05', text: 'We got a second cat, Tofu, last weekend.' },
      { at: '2024-05-07', text: 'They fight constantly.' },
    ],
    checks: [
      ['Hannah', 'has', '2024-01-10', '2024-01-09', ['Miso']],
      ['Hannah', 'has', '2024-01-05', '2024-01-09', []],
      ['Hannah', 'has', '2024-05-06', '2024-05-05', ['Miso', 'Tofu']],
      ['Hannah', 'has', '2024-05-06', '2024-05-01', ['Miso']],
    ],
  },
  {
    name: 'we lost Charlie on Saturday',
    category: 'pets',
    speaker: 'Martin',
    turns: [
      { at: '2024-02-14', text: 'My dog Charlie is 13 and still chasing squirrels.' },
      { at: '2024-10-21', text: "We lost Charlie on Saturday. I'm heartbroken." },
      { at: '2024-10-23', text: 'Thank you for listening.' },
    ],
    checks: [
      ['Martin', 'has', '2024-02-15', '2024-02-14', ['Charlie']],
      ['Martin', 'has', '2024-10-22', '2024-10-21', []],
      ['Martin', 'has', '2024-10-15', '2024-10-21', ['Charlie']],
      ['Martin', 'has', '2024-10-22', '2024-10-20', ['Charlie']],
    ],
  },
  {
    name: 'motorbike sold, van kept',
    category: 'pets',
    speaker: 'Marco',
    turns: [
      { at: '2024-03-03', text: 'I own a motorbike and a van.' },
      { at: '2024-09-09', text: 'I sold the motorbike a few weeks ago, too dangerous with the baby coming.' },
      { at: '2024-09-11', text: 'The van is plenty.' },
    ],
    checks: [
      ['Marco', 'has', '2024-03-04', '2024-03-03', ['motorbike', 'van']],
      ['Marco', 'has', '2024-09-10', '2024-09-09', ['van']],
      ['Marco', 'has', '2024-09-10', '2024-09-01', ['motorbike', 'van']],
      ['Marco', 'has', '2024-07-01', '2024-09-09', ['motorbike', 'van']],
    ],
  },
  {
    name: 'Clover rehomed in July',
    category: 'pets',
    speaker: 'Grace',
    turns: [
      { at: '2024-02-02', text: 'I have a rabbit named Clover and a cat named Juniper.' },
      { at: '2024-08-08', text: 'We had to rehome Clover in July, my son turned out to be allergic.' },
      { at: '2024-08-10', text: 'Juniper is happy to be the only pet.' },
    ],
    checks: [
      ['Grace', 'has', '2024-02-03', '2024-02-02', ['Clover', 'Juniper']],
      ['Grace', 'has', '2024-08-09', '2024-08-08', ['Juniper']],
      ['Grace', 'has', '2024-08-09', '2024-08-01', ['Clover', 'Juniper']],
      ['Grace', 'has', '2024-06-15', '2024-08-08', ['Clover', 'Juniper']],
    ],
  },
  {
    name: 'a new bike, stolen',
    category: 'pets',
    speaker: 'Leo',
    turns: [
      { at: '2024-04-04', text: 'I bought a new bike last weekend!' },
      { at: '2024-06-06', text: 'Someone stole my bike from outside the gym yesterday.' },
      { at: '2024-06-08', text: 'The police were no help.' },
    ],
    checks: [
      ['Leo', 'has', '2024-04-05', '2024-04-04', ['bike']],
      ['Leo', 'has', '2024-06-07', '2024-06-06', []],
      ['Leo', 'has', '2024-06-07', '2024-06-04', ['bike']],
      ['Leo', 'has', '2024-05-15', '2024-06-06', ['bike']],
    ],
  },
  {
    name: 'Lille, not Lyon',
    category: 'corrections',
    speaker: 'Camille',
    turns: [
      { at: '2024-03-03', text: "I just moved to Lyon for my master's." },
      { at: '2024-03-20', text: 'Sorry, I meant Lille, not Lyon. Autocorrect!' },
      { at: '2024-03-22', text: 'Classes start Monday.' },
    ],
    checks: [
      ['Camille', 'lives_in', '2024-03-10', '2024-03-10', ['Lyon']],
      ['Camille', 'lives_in', '2024-03-10', '2024-03-20', ['Lille']],
      ['Camille', 'lives_in', '2024-03-21', '2024-03-20', ['Lille']],
    ],
  },
  {
    name: 'started at Ubisoft in June, not July',
    category: 'corrections',
    speaker: 'Hugo',
    turns: [
      { at: '2024-08-01', text: 'I started at Ubisoft in July.' },
      { at: '2024-08-05', text: 'Wait, I got that wrong, it was June, not July.' },
      { at: '2024-08-07', text: 'Where does the time go.' },
    ],
    checks: [
      ['Hugo', 'works_at', '2024-07-15', '2024-08-01', ['Ubisoft']],
      ['Hugo', 'works_at', '2024-06-15', '2024-08-01', []],
      ['Hugo', 'works_at', '2024-06-15', '2024-08-05', ['Ubisoft']],
      ['Hugo', 'works_at', '2024-05-15', '2024-08-05', []],
    ],
  },
  {
    name: 'AMD, not Nvidia',
    category: 'corrections',
    speaker: 'Wei',
    turns: [
      { at: '2024-02-02', text: 'I work at Nvidia as a hardware engineer.' },
      { at: '2024-02-09', text: 'Actually I misspoke, I work at AMD, not Nvidia.' },
      { at: '2024-02-11', text: 'Same industry anyway.' },
    ],
    checks: [
      ['Wei', 'works_at', '2024-02-05', '2024-02-05', ['Nvidia']],
      ['Wei', 'works_at', '2024-02-05', '2024-02-09', ['AMD']],
      ['Wei', 'works_at', '2024-02-10', '2024-02-09', ['AMD']],
    ],
  },
  {
    name: 'her name is Pepper (a typo fixed)',
    category: 'corrections',
    speaker: 'Anna',
    turns: [
      { at: '2024-05-05', text: 'Our new puppy is called Pepa.' },
      { at: '2024-05-06', text: 'Typo, sorry, her name is Pepper.' },
      { at: '2024-05-08', text: 'She already knows sit.' },
    ],
    checks: [
      ['Anna', 'has', '2024-05-06', '2024-05-05', ['Pepa']],
      ['Anna', 'has', '2024-05-07', '2024-05-06', ['Pepper']],
    ],
  },
  {
    name: 'the Bristol move was in late January',
    category: 'corrections',
    speaker: 'Rhys',
    turns: [
      { at: '2024-01-05', text: "I'm living in Cardiff." },
      { at: '2024-03-03', text: 'I moved to Bristol in February.' },
      { at: '2024-03-10', text: 'Correction: the move to Bristol was in late January, not February.' },
      { at: '2024-03-12', text: 'Anyway, settling in.' },
    ],
    checks: [
      ['Rhys', 'lives_in', '2024-01-25', '2024-03-03', ['Cardiff']],
      ['Rhys', 'lives_in', '2024-02-15', '2024-03-03', ['Bristol']],
      ['Rhys', 'lives_in', '2024-01-28', '2024-03-10', ['Bristol']],
      ['Rhys', 'lives_in', '2024-01-10', '2024-03-10', ['Cardiff']],
      ['Rhys', 'lives_in', '2024-03-05', '2024-03-05', ['Bristol']],
    ],
  },
  {
    name: 'out of date: left Oracle last year',
    category: 'corrections',
    speaker: 'Dmitri',
    turns: [
      { at: '2024-04-04', text: 'I work at Oracle.' },
      { at: '2024-04-20', text: "Oh wait, that was out of date. I left Oracle last year, I'm at SAP now." },
      { at: '2024-04-22', text: 'Same commute though.' },
    ],
    checks: [
      ['Dmitri', 'works_at', '2024-04-05', '2024-04-04', ['Oracle']],
      ['Dmitri', 'works_at', '2024-04-10', '2024-04-20', ['SAP']],
      ['Dmitri', 'works_at', '2024-04-10', '2024-04-15', ['Oracle']],
      ['Dmitri', 'works_at', '2024-04-21', '2024-04-20', ['SAP']],
    ],
  },
  {
    name: 'joining Airbus on September 2',
    category: 'future',
    speaker: 'Chloé',
    turns: [
      { at: '2024-07-01', text: "I'm working at Boeing for now." },
      { at: '2024-07-15', text: "Got the offer! I'll be joining Airbus on September 2." },
      { at: '2024-07-17', text: 'Six weeks of notice to go.' },
    ],
    checks: [
      ['Chloé', 'works_at', '2024-07-02', '2024-07-01', ['Boeing']],
      ['Chloé', 'works_at', '2024-08-01', '2024-07-15', ['Boeing']],
      ['Chloé', 'works_at', '2024-09-10', '2024-07-15', ['Airbus']],
      ['Chloé', 'works_at', '2024-09-10', '2024-07-10', ['Boeing']],
    ],
  },
  {
    name: 'relocating to Aberdeen next month',
    category: 'future',
    speaker: 'Fiona',
    turns: [
      { at: '2024-03-03', text: 'I rent a flat in Edinburgh.' },
      { at: '2024-05-10', text: "We're relocating to Aberdeen next month." },
      { at: '2024-05-12', text: 'Packing already.' },
    ],
    checks: [
      ['Fiona', 'lives_in', '2024-03-04', '2024-03-03', ['Edinburgh']],
      ['Fiona', 'lives_in', '2024-05-20', '2024-05-10', ['Edinburgh']],
      ['Fiona', 'lives_in', '2024-06-20', '2024-05-10', ['Aberdeen']],
      ['Fiona', 'lives_in', '2024-06-20', '2024-05-01', ['Edinburgh']],
    ],
  },
  {
    name: 'a puppy planned, a cat already',
    category: 'future',
    speaker: 'Olivia',
    turns: [
      { at: '2024-02-02', text: "We're planning to get a puppy next spring." },
      { at: '2024-02-03', text: 'I already have a cat, Luna.' },
      { at: '2024-02-05', text: 'She will hate it.' },
    ],
    checks: [
      ['Olivia', 'has', '2024-02-03', '2024-02-02', []],
      ['Olivia', 'has', '2024-02-04', '2024-02-03', ['Luna']],
      ['Olivia', 'has', '2025-05-01', '2024-02-03', ['Luna']],
    ],
  },
  {
    name: 'five years at Pfizer',
    category: 'durations',
    speaker: 'Ahmed',
    turns: [
      { at: '2024-06-06', text: "I've worked for Pfizer for five years, in the vaccines unit." },
      { at: '2024-06-08', text: 'Long hours.' },
    ],
    checks: [
      ['Ahmed', 'works_at', '2020-06-01', '2024-06-06', ['Pfizer']],
      ['Ahmed', 'works_at', '2018-06-01', '2024-06-06', []],
      ['Ahmed', 'works_at', '2024-06-07', '2024-06-06', ['Pfizer']],
    ],
  },
  {
    name: 'Melbourne since 2015',
    category: 'durations',
    speaker: 'Sophie',
    turns: [
      { at: '2024-01-01', text: 'My husband and I moved to Melbourne back in 2015.' },
      { at: '2024-01-03', text: 'Best decision we ever made.' },
    ],
    checks: [
      ['Sophie', 'lives_in', '2016-06-01', '2024-01-01', ['Melbourne']],
      ['Sophie', 'lives_in', '2014-06-01', '2024-01-01', []],
      ['Sophie', 'lives_in', '2024-01-02', '2024-01-01', ['Melbourne']],
    ],
  },
  {
    name: 'Etsy three months ago',
    category: 'durations',
    speaker: 'Jake',
    turns: [
      { at: '2024-09-09', text: 'I started at Etsy three months ago as a data scientist.' },
      { at: '2024-09-11', text: 'Loving it.' },
    ],
    checks: [
      ['Jake', 'works_at', '2024-07-15', '2024-09-09', ['Etsy']],
      ['Jake', 'works_at', '2024-05-01', '2024-09-09', []],
      ['Jake', 'works_at', '2024-09-10', '2024-09-09', ['Etsy']],
    ],
  },
  {
    name: "a nurse at St Mary's, then Mayo Clinic (no speaker)",
    category: 'speakers',
    speaker: null,
    turns: [
      { at: '2024-04-04', text: "I'm a nurse at St Mary's Hospital." },
      { at: '2024-09-09', text: 'I got a new job at Mayo Clinic last month.' },
      { at: '2024-09-10', text: 'Rochester is cold.' },
    ],
    checks: [
      ['user', 'works_at', '2024-04-05', '2024-04-04', ["St Mary's Hospital"]],
      ['user', 'works_at', '2024-09-10', '2024-09-09', ['Mayo Clinic']],
      ['user', 'works_at', '2024-09-10', '2024-08-01', ["St Mary's Hospital"]],
      ['user', 'works_at', '2024-07-15', '2024-09-09', ["St Mary's Hospital"]],
    ],
  },
  {
    name: 'no longer at Zara',
    category: 'endings',
    speaker: 'Lucía',
    turns: [
      { at: '2024-02-02', text: 'I work at Zara in the flagship store.' },
      { at: '2024-05-05', text: "I'm no longer at Zara, the hours were killing me." },
      { at: '2024-05-07', text: 'Job hunting.' },
    ],
    checks: [
      ['Lucía', 'works_at', '2024-02-03', '2024-02-02', ['Zara']],
      ['Lucía', 'works_at', '2024-05-06', '2024-05-05', []],
      ['Lucía', 'works_at', '2024-05-06', '2024-05-01', ['Zara']],
    ],
  },
  {
    name: 'moved out of Paris, couch-surfing',
    category: 'endings',
    speaker: 'Théo',
    turns: [
      { at: '2024-01-01', text: "I've been living in Paris for a while now." },
      { at: '2024-04-04', text: "I moved out of Paris at the end of March, I'm couch-surfing until I find something." },
      { at: '2024-04-06', text: 'My back hurts.' },
    ],
    checks: [
      ['Théo', 'lives_in', '2024-01-02', '2024-01-01', ['Paris']],
      ['Théo', 'lives_in', '2024-04-02', '2024-04-04', []],
      ['Théo', 'lives_in', '2024-04-02', '2024-04-03', ['Paris']],
    ],
  },
  {
    name: 'last day at Blue Bottle was yesterday',
    category: 'endings',
    speaker: 'Maddie',
    turns: [
      { at: '2024-10-10', text: "I've got a barista gig at Blue Bottle." },
      { at: '2024-12-14', text: 'Yesterday was my last day at Blue Bottle! On to grad school.' },
      { at: '2024-12-16', text: 'So tired.' },
    ],
    checks: [
      ['Maddie', 'works_at', '2024-10-11', '2024-10-10', ['Blue Bottle']],
      ['Maddie', 'works_at', '2024-12-15', '2024-12-14', []],
      ['Maddie', 'works_at', '2024-12-12', '2024-12-14', ['Blue Bottle']],
      ['Maddie', 'works_at', '2024-12-15', '2024-12-10', ['Blue Bottle']],
    ],
  },
  {
    name: 'a house in Round Rock',
    category: 'moves',
    speaker: 'Tyler',
    turns: [
      { at: '2024-02-02', text: 'We rent a place in Dallas right now.' },
      { at: '2024-06-10', text: 'We closed on a house in Round Rock and moved in two weeks ago.' },
      { at: '2024-06-12', text: 'Yard work forever.' },
    ],
    checks: [
      ['Tyler', 'lives_in', '2024-02-03', '2024-02-02', ['Dallas']],
      ['Tyler', 'lives_in', '2024-06-05', '2024-06-10', ['Round Rock']],
      ['Tyler', 'lives_in', '2024-06-05', '2024-06-09', ['Dallas']],
      ['Tyler', 'lives_in', '2024-05-15', '2024-06-10', ['Dallas']],
    ],
  },
];

/**
 * A third blind set, written after the rule changes the second one led to and before any rule change since:
 * its score estimates the extractor after those changes on phrasings nobody tuned it on.
 */
export const BLIND_THIRD: Conversation[] = [
  {
    name: 'hired by a bank, made redundant',
    category: 'jobs',
    speaker: 'Femi',
    turns: [
      { at: '2024-01-22', text: 'Good news, Barclays hired me as a junior analyst, I began last Monday.' },
      { at: '2024-10-10', text: 'Barclays made me redundant on Friday. Gutted.' },
      { at: '2024-10-12', text: 'At least I got a payout.' },
    ],
    checks: [
      ['Femi', 'works_at', '2024-01-20', '2024-01-22', ['Barclays']],
      ['Femi', 'works_at', '2024-01-10', '2024-01-22', []],
      ['Femi', 'works_at', '2024-10-09', '2024-10-10', []],
      ['Femi', 'works_at', '2024-10-01', '2024-10-10', ['Barclays']],
      ['Femi', 'works_at', '2024-10-09', '2024-10-05', ['Barclays']],
    ],
  },
  {
    name: 'a chef who opens a place of her own',
    category: 'jobs',
    speaker: 'Ines',
    turns: [
      { at: '2024-03-05', text: "I cook at Noma, it's intense but I love it." },
      { at: '2024-09-18', text: 'I handed in my resignation at Noma at the start of the month.' },
      { at: '2024-09-20', text: 'Now I need a business plan.' },
    ],
    checks: [
      ['Ines', 'works_at', '2024-03-06', '2024-03-05', ['Noma']],
      ['Ines', 'works_at', '2024-09-19', '2024-09-18', []],
      ['Ines', 'works_at', '2024-08-20', '2024-09-18', ['Noma']],
      ['Ines', 'works_at', '2024-09-19', '2024-09-10', ['Noma']],
    ],
  },
  {
    name: 'grew up in Cork, now in Galway',
    category: 'moves',
    speaker: 'Niamh',
    turns: [
      { at: '2024-02-12', text: "I'm living in Cork at the moment, sharing a house with three girls." },
      { at: '2024-08-26', text: 'Moved to Galway last weekend for the new job, the view of the bay is unreal.' },
      { at: '2024-08-28', text: 'Still no wifi though.' },
    ],
    checks: [
      ['Niamh', 'lives_in', '2024-02-13', '2024-02-12', ['Cork']],
      ['Niamh', 'lives_in', '2024-08-27', '2024-08-26', ['Galway']],
      ['Niamh', 'lives_in', '2024-08-27', '2024-08-20', ['Cork']],
      ['Niamh', 'lives_in', '2024-08-10', '2024-08-26', ['Cork']],
    ],
  },
  {
    name: 'a stay in Lisbon is not a move',
    category: 'no change',
    speaker: 'Pieter',
    turns: [
      { at: '2024-04-01', text: 'I live just outside Amsterdam, in Haarlem.' },
      { at: '2024-05-15', text: "I'm in Lisbon for a month, working remotely from a coworking space." },
      { at: '2024-06-20', text: 'My friend Joost moved to Lisbon after visiting me there.' },
      { at: '2024-06-22', text: 'Traitor.' },
    ],
    checks: [
      ['Pieter', 'lives_in', '2024-04-02', '2024-04-01', ['Haarlem']],
      ['Pieter', 'lives_in', '2024-05-20', '2024-05-15', ['Haarlem']],
      ['Pieter', 'lives_in', '2024-06-21', '2024-06-20', ['Haarlem']],
      ['Joost', 'lives_in', '2024-06-21', '2024-06-20', ['Lisbon']],
    ],
  },
  {
    name: 'my aunt Rosa and my cousin Marco',
    category: 'third persons',
    speaker: 'Elena',
    turns: [
      { at: '2024-03-03', text: 'My aunt Rosa lives in Naples and my cousin Marco works for Fiat.' },
      { at: '2024-07-07', text: 'Marco quit Fiat last month and moved in with Rosa.' },
      { at: '2024-07-09', text: 'Family drama, as usual.' },
    ],
    checks: [
      ['Rosa', 'lives_in', '2024-03-04', '2024-03-03', ['Naples']],
      ['Marco', 'works_at', '2024-03-04', '2024-03-03', ['Fiat']],
      ['Marco', 'works_at', '2024-07-08', '2024-07-07', []],
      ['Marco', 'works_at', '2024-07-08', '2024-07-01', ['Fiat']],
      ['Elena', 'lives_in', '2024-07-08', '2024-07-07', []],
    ],
  },
  {
    name: 'my best friend Dana gets a dog',
    category: 'third persons',
    speaker: 'Mila',
    turns: [
      { at: '2024-05-05', text: 'My best friend Dana just got a golden retriever named Sunny.' },
      { at: '2024-05-06', text: "I'm more of a cat person, I have two, Oreo and Pip." },
      { at: '2024-05-08', text: 'We should set up a playdate anyway.' },
    ],
    checks: [
      ['Dana', 'has', '2024-05-06', '2024-05-05', ['Sunny']],
      ['Mila', 'has', '2024-05-06', '2024-05-05', []],
      ['Mila', 'has', '2024-05-07', '2024-05-06', ['Oreo', 'Pip']],
    ],
  },
  {
    name: 'a tortoise and a lizard, one given to a friend',
    category: 'pets',
    speaker: 'Sam',
    turns: [
      { at: '2024-01-30', text: "We've got a tortoise called Shelly and a gecko called Zippy." },
      { at: '2024-06-14', text: 'We gave Zippy to a friend last month, he has more time for him.' },
      { at: '2024-06-16', text: 'Shelly does not care at all.' },
    ],
    checks: [
      ['Sam', 'has', '2024-01-31', '2024-01-30', ['Shelly', 'Zippy']],
      ['Sam', 'has', '2024-06-15', '2024-06-14', ['Shelly']],
      ['Sam', 'has', '2024-06-15', '2024-06-01', ['Shelly', 'Zippy']],
    ],
  },
  {
    name: 'sold the piano',
    category: 'pets',
    speaker: 'Yuki',
    turns: [
      { at: '2024-02-02', text: 'I still have the piano from my childhood.' },
      { at: '2024-11-11', text: "We finally sold the piano last week, it didn't fit in the new flat." },
      { at: '2024-11-13', text: 'A bit sad.' },
    ],
    checks: [
      ['Yuki', 'has', '2024-02-03', '2024-02-02', ['piano']],
      ['Yuki', 'has', '2024-11-12', '2024-11-11', []],
      ['Yuki', 'has', '2024-11-12', '2024-11-01', ['piano']],
    ],
  },
  {
    name: 'Glasgow, not Edinburgh',
    category: 'corrections',
    speaker: 'Callum',
    turns: [
      { at: '2024-04-04', text: "I've lived in Edinburgh for about six years." },
      { at: '2024-04-09', text: 'Sorry, I mixed that up: it is Glasgow I live in, not Edinburgh.' },
      { at: '2024-04-11', text: 'Long week.' },
    ],
    checks: [
      ['Callum', 'lives_in', '2024-04-06', '2024-04-06', ['Edinburgh']],
      ['Callum', 'lives_in', '2024-04-10', '2024-04-09', ['Glasgow']],
      ['Callum', 'lives_in', '2024-04-06', '2024-04-09', ['Glasgow']],
    ],
  },
  {
    name: 'the job started in March, not April',
    category: 'corrections',
    speaker: 'Noor',
    turns: [
      { at: '2024-06-06', text: 'I joined Unilever in April as a brand manager.' },
      { at: '2024-06-10', text: 'Actually I joined in March, not April, I forgot about the onboarding weeks.' },
      { at: '2024-06-12', text: 'Anyway.' },
    ],
    checks: [
      ['Noor', 'works_at', '2024-04-15', '2024-06-06', ['Unilever']],
      ['Noor', 'works_at', '2024-03-15', '2024-06-06', []],
      ['Noor', 'works_at', '2024-03-15', '2024-06-10', ['Unilever']],
      ['Noor', 'works_at', '2024-02-15', '2024-06-10', []],
    ],
  },
  {
    name: 'moving to Oslo in the new year',
    category: 'future',
    speaker: 'Ingrid',
    turns: [
      { at: '2024-10-10', text: 'I live in Bergen.' },
      { at: '2024-11-20', text: "We'll be moving to Oslo in January, my husband got a transfer." },
      { at: '2024-11-22', text: 'Lots to organise.' },
    ],
    checks: [
      ['Ingrid', 'lives_in', '2024-12-01', '2024-11-20', ['Bergen']],
      ['Ingrid', 'lives_in', '2025-02-01', '2024-11-20', ['Oslo']],
      ['Ingrid', 'lives_in', '2025-02-01', '2024-11-15', ['Bergen']],
    ],
  },
  {
    name: 'at Intel for eight years, ended this spring',
    category: 'durations',
    speaker: 'Carlos',
    turns: [
      { at: '2024-02-02', text: "I've been with Intel for eight years now." },
      { at: '2024-06-06', text: 'Took early retirement from Intel in May.' },
      { at: '2024-06-08', text: 'Golf every day.' },
    ],
    checks: [
      ['Carlos', 'works_at', '2018-01-01', '2024-02-02', ['Intel']],
      ['Carlos', 'works_at', '2015-01-01', '2024-02-02', []],
      ['Carlos', 'works_at', '2024-06-07', '2024-06-06', []],
      ['Carlos', 'works_at', '2024-04-15', '2024-06-06', ['Intel']],
      ['Carlos', 'works_at', '2024-06-07', '2024-06-01', ['Intel']],
    ],
  },
];
