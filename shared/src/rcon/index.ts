export { RconClient, type RconClientOptions } from "./client.js";
export { MAX_REQUEST_PAYLOAD_BYTES, PacketType, type RconPacket } from "./packet.js";
