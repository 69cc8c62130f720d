/**
 * Requests Node's HTTP parser refuses before Koa runs (an oversized URL or header block, bytes that are
 * not HTTP) would get a bare status line. This answers them with the same JSON envelope as the API.
 */
import { maxHeaderSize as defaultMaxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Envelope, ErrorCode } from '@clip/sdk';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * llhttp reports an oversized URL and oversized headers alike (HPE_HEADER_OVERFLOW); the request line
 * tells them apart: no line end in sight, or a line longer than half the allowance, is a long URL.
 */
function isLongUrl(packet: Buffer | undefined, maxHeaderSize: number): boolean {
  if (!packet) return false;
  const head = packet.subarray(0, Math.min(packet.length, maxHeaderSize + 16)).toString('latin1');
  if (!/^[A-Z]+ /.test(head)) return !head.includes('\r\n') && !head.includes(':');
  const end = head.indexOf('\r\n');
  return end === -1 || end > maxHeaderSize / 2;
}

function classify(
  err: ParserError,
  maxHeaderSize: number,
): { status: number; code: ErrorCode; message: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return isLongUrl(err.rawPacket, maxHeaderSize)
      ? {
          status: 414,
          code: 'URI_TOO_LONG',
          message: `the request URL is too long (limit ${maxHeaderSize} bytes)`,
        }
      : {
          status: 431,
          code: 'HEADERS_TOO_LARGE',
          message: `the request headers are too large (limit ${maxHeaderSize} bytes)`,
        };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'TIMEOUT', message: 'the request took too long to arrive' };
  return {
    status: 400,
    code: 'BAD_REQUEST',
    message: `malformed HTTP request (${err.code ?? 'parse error'})`,
  };
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // Nothing can be answered on a connection that is gone or already sent part of an answer.
    if (
      err.code === 'ECONNRESET' ||
      !socket.writable ||
      (socket as { _httpMessage?: unknown })._httpMessage
    ) {
      socket.destroy();
      return;
    }
    const { status, code, message } = classify(err, defaultMaxHeaderSize);
    const envelope: Envelope<null> = { code: status, message, success: false, data: null, error: code };
    const body = JSON.stringify(envelope);
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
