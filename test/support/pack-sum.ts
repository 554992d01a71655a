// The pack's sum and loading lines as firmware/PROTOCOL.md defines them (host/pack/pack-sum.ts,
// plain TypeScript written from the spec, not from the firmware), for the firmware's tests.

export { crc16, packLines, packSum, type TimerCode as PackCode } from '../../host/pack/pack-sum.ts';
