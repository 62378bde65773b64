import type { RoomMessage } from '@normas/contracts/rooms';
import type { Broadcaster } from '../../lib/broadcaster';
import { MAX_PAYLOAD_BYTES } from '../../lib/broadcaster';

/** The one broadcaster topic of rooms: every replica hears every event and serves its own sockets. */
export const ROOMS_TOPIC = 'rooms';

/** What replicas tell each other about rooms. Messages are stored before they are announced. */
export type RoomEvent =
  /** A new message; `message` is left out when it would not fit a NOTIFY (replicas read it back). */
  | {
      k: 'msg';
      roomId: string;
      seq: number;
      message?: RoomMessage;
      /** Set for a person's message sent with a clientId: that socket gets it as its ack. */
      senderId?: string;
      clientId?: string;
    }
  | { k: 'typing'; roomId: string; userId: string; name: string }
  | { k: 'read'; roomId: string; userId: string; seq: number }
  | { k: 'members'; roomId: string; added: string[]; removed: string[] }
  /** The user left the workspace: every socket of theirs closes at once. */
  | { k: 'user-removed'; userId: string }
  | { k: 'delta'; roomId: string; replyTo: number; text: string }
  | { k: 'assistant-error'; roomId: string; replyTo: number; message: string };

export interface RoomEvents {
  publish(event: RoomEvent): Promise<void>;
}

export function createRoomEvents(broadcaster: Broadcaster): RoomEvents {
  return {
    async publish(event) {
      if (event.k === 'msg' && event.message) {
        const size = Buffer.byteLength(JSON.stringify({ t: ROOMS_TOPIC, p: event }));
        if (size > MAX_PAYLOAD_BYTES - 100)
          event = { k: 'msg', roomId: event.roomId, seq: event.seq };
      }
      await broadcaster.publish(ROOMS_TOPIC, event);
    },
  };
}
