// Which battle an action concerns, from its data: in the four-player game the player who
// controls that battle carries the action out (moves, decisions, dice). The Battlefield player
// has the Battlefield and the space battle; the Palace player the Palace and the Melting Pit.

import type { Action, Role, Unit, Zone } from './schema.ts';

/** The role that controls a zone's battle. */
export function roleOfZone(zone: Zone): Role {
  return zone === 'battlefield' ? 'battlefield' : 'palace';
}

/**
 * The role that carries out `action`, or null for a draw-and-play (the card drawn decides, and
 * the player who played it draws). Throws when an action's units span both battles, which the
 * loader refuses.
 */
export function controllerOf(action: Action, unitOf: (id: string) => Unit): Role | null {
  switch (action.kind) {
    case 'activate': {
      const roles = new Set(action.units.map((order) => roleOfZone(unitOf(order.unit).zone)));
      const [role, ...others] = [...roles];
      if (role === undefined || others.length > 0) {
        throw new RangeError(`an action names units of ${roles.size === 0 ? 'no' : 'both'} battle${roles.size === 0 ? '' : 's'}`);
      }
      return role;
    }
    case 'heal':
      return roleOfZone(unitOf(action.unit).zone);
    case 'anakin':
    case 'starfighter':
    case 'droids-to-palace':
    case 'activate-droids':
      return 'battlefield';
    case 'draw-and-play':
      return null;
  }
}
