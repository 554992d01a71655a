// Every card the rulebook describes, by the heading it is described under (copied from
// ../shared/rulebooks/stolen-plans.txt, in its order), with the card types of cards.json that
// heading covers. rulebook.test.ts checks the data against this list, and this list against the
// rulebook's own headings when the rulebook is at hand.

export interface RulebookCard {
  /** The heading, exactly as in the rulebook. */
  readonly heading: string;
  /** The option set whose cards it describes. */
  readonly set: string;
  /** The card types of cards.json described under it. */
  readonly cards: readonly string[];
}

export const RULEBOOK_CARDS: readonly RulebookCard[] = [
  { heading: "About the 'R2 D2' Carrying Stolen Plans Card", set: 'base', cards: ['r2-d2'] },
  {
    heading: 'Attack Card',
    set: 'base',
    cards: ['imperial-officer-attack', 'jawa-attack', 'imperial-guard-attack', 'imperial-stormtrooper-attack', 'darth-vader-attack', 'emperor-attack'],
  },
  { heading: 'Defend Card', set: 'base', cards: ['rebel-trooper-defend', 'ewok-defend', 'x-wing-defend', 'millennium-falcon-defend'] },
  { heading: 'Steal Card', set: 'base', cards: ['boba-fett-steal', 'jabba-the-hutt-steal'] },
  {
    heading: 'Rebel Hero Card',
    set: 'base',
    cards: ['luke-skywalker', 'han-solo', 'princess-leia', 'chewbacca', 'lando-calrissian', 'wedge-antilles'],
  },
  { heading: 'Jedi Card', set: 'base', cards: ['jedi'] },
  { heading: 'Jedi Only Cards', set: 'base', cards: ['lightsaber-defend', 'jedi-mind-trick', 'force-vision', 'jedi-wisdom'] },
  { heading: 'Traitor Bonus Card', set: 'bonus', cards: ['traitor'] },
  { heading: 'Advantage Bonus Card', set: 'bonus', cards: ['advantage'] },
  { heading: 'Counter Bonus Card', set: 'bonus', cards: ['counter'] },
  { heading: 'Search Bonus Card', set: 'bonus', cards: ['search'] },
  { heading: 'Discard All Bonus Card', set: 'bonus', cards: ['discard-all'] },
  { heading: 'Decoy Bonus Card', set: 'bonus', cards: ['decoy'] },
  { heading: 'End Game Bonus Card', set: 'bonus', cards: ['end-game'] },
  { heading: 'Steal Bonus Card', set: 'bonus', cards: ['steal-bonus'] },
  { heading: 'Crush The Rebellion Bonus Card', set: 'bonus', cards: ['crush-the-rebellion'] },
  { heading: 'Movement Bonus Card', set: 'bonus', cards: ['movement'] },
  { heading: 'Capture Bonus Card', set: 'bonus', cards: ['capture'] },
  { heading: 'Attack/Defend Bonus Card', set: 'bonus', cards: ['attack-defend-9'] },
  { heading: 'Evade Bonus Card', set: 'bonus', cards: ['evade'] },
  { heading: 'Burn Cards Bonus Card', set: 'bonus', cards: ['burn-cards'] },
  { heading: 'Support Bonus Card', set: 'bonus', cards: ['support'] },
  { heading: 'Scavenger Bonus Card', set: 'bonus', cards: ['scavenger'] },
  { heading: 'Continue Play Bonus Card', set: 'bonus', cards: ['continue-play'] },
  { heading: 'Miss a Turn Bonus Card', set: 'bonus', cards: ['miss-a-turn'] },
  { heading: 'Protection Bonus Card', set: 'bonus', cards: ['protection'] },
  { heading: 'Scout Bonus Card', set: 'bonus', cards: ['scout'] },
  { heading: 'Remove Jedi Bonus Card', set: 'bonus', cards: ['remove-jedi'] },
  { heading: 'Pass a Card Bonus Card', set: 'bonus', cards: ['pass-a-card'] },
  { heading: 'Lose the Game Card', set: 'bonus', cards: ['lose-the-game'] },
  { heading: 'Imperial Strike Card', set: 'bonus', cards: ['imperial-strike-2', 'imperial-strike-3'] },
  { heading: 'Rebel Strike Card', set: 'bonus', cards: ['rebel-strike-2', 'rebel-strike-3'] },
  { heading: 'Cancel', set: 'bonus', cards: ['cancel'] },
  { heading: 'Attack 9 (Captain Phasma) Card', set: 'bonus', cards: ['captain-phasma'] },
  { heading: 'Imperial Assault Card', set: 'bonus', cards: ['imperial-assault-2', 'imperial-assault-3'] },
  { heading: 'Rebel Assault Card', set: 'bonus', cards: ['rebel-assault'] },
  { heading: 'Jedi Card (Student of the Force)', set: 'bonus', cards: ['student-of-the-force'] },
  { heading: 'Block Steal', set: 'bonus', cards: ['block-steal'] },
  { heading: 'Expansion: Starting Resources', set: 'starting-resources', cards: ['food', 'water', 'binocs', 'tracking-beacon', 'data-pad'] },
  { heading: 'Expansion: Additional Resources', set: 'additional-resources', cards: ['explosives', 'detonator'] },
  { heading: 'New Ruling', set: 'new-ruling', cards: ['new-ruling'] },
  { heading: 'Friendly Gesture (Biggs Darklighter)', set: 'additional-bonus', cards: ['friendly-gesture'] },
  { heading: "Evade Scout (Luke's Speeder Bike)", set: 'additional-bonus', cards: ['evade-scout'] },
  { heading: 'Vicious Attack (Wampa)', set: 'additional-bonus', cards: ['vicious-attack'] },
  { heading: 'Defensive (Baze Malbus)', set: 'additional-bonus', cards: ['defensive'] },
  { heading: 'Locate Plans (Jyn Erso)', set: 'rogue-one', cards: ['locate-plans'] },
  { heading: 'Gather Intelligence (Cassian Andor)', set: 'rogue-one', cards: ['gather-intelligence'] },
  { heading: 'Force-Attuned (Chirrut Îmwe)', set: 'rogue-one', cards: ['force-attuned'] },
  { heading: 'Defection (Bodhi Rook)', set: 'rogue-one', cards: ['defection'] },
  { heading: 'Reprogram (K2SO)', set: 'rogue-one', cards: ['reprogram'] },
  { heading: 'Transport Squad (U Wing)', set: 'rogue-one', cards: ['transport-squad'] },
  { heading: 'Attack 8 (Orson Krennic)', set: 'rogue-one', cards: ['orson-krennic'] },
  { heading: 'Attack 9 (Death Trooper)', set: 'rogue-one', cards: ['death-trooper'] },
  { heading: 'Attack 7 (Sand Trooper)', set: 'rogue-one', cards: ['sand-trooper'] },
  { heading: 'Attack 7 (Shore Trooper)', set: 'rogue-one', cards: ['shore-trooper'] },
  { heading: 'Carry Cards (Cargo Ship SW-0608)', set: 'rogue-one', cards: ['cargo-ship'] },
  { heading: 'Moving Attack (AT-ACT)', set: 'rogue-one', cards: ['at-act'] },
  { heading: 'Extremist Action (Saw Gerrera)', set: 'rogue-one', cards: ['saw-gerrera'] },
  { heading: 'Rebel Hero Cards (Bistan, Pao, C1-10P)', set: 'rogue-one', cards: ['bistan', 'pao', 'c1-10p'] },
];

/** Headings of the rulebook that introduce a section or a rule, not a card. */
export const NOT_CARD_HEADINGS: readonly string[] = [
  'Star Wars: Stolen Plans Card Game',
  'Star Wars: Stolen Plans Card Game Rulebook',
  'Table of Contents',
  'Objective',
  'Setting Up the Game',
  'How the Game Works',
  'Main Game Card Guide',
  'Bonus and Expansion Cards Guide',
  'Optional Game Rules',
  "'R2-D2 Where Are You?' Rule",
  "'There is another!' Rule",
  'Additional Bonus Cards',
  'Expansion: Rogue One',
  'Set Up',
  'Rogue One Squad Cards',
];

/** The Starting Resources the rulebook lists ("- 1 Food (Bonus Play)"), by card name. */
export const STARTING_RESOURCES: readonly string[] = [
  'Food (Bonus Play)',
  'Water (Bonus Draw)',
  'Binocs (Observation)',
  'Tracking Beacon (Track Card)',
  'Data Pad (Transfer)',
];

/** Defection's list of Imperial cards, as the rulebook prints it. */
export const IMPERIAL_CARDS: readonly string[] = [
  'Emperor Palpatine',
  'Darth Vader',
  'Orson Krennic',
  'Imperial Officer',
  'Imperial Stormtrooper',
  'Death Trooper',
  'Sand Trooper',
  'Shore Trooper',
  'AT-ACT',
  'Imperial Strike',
  'Imperial Guard',
  'Imperial Assault',
];
