#!/usr/bin/env python3
"""Makes the ZIP fixtures of hearth-core's tests (run from anywhere; it writes
beside itself and into ../chatgpt). The outputs are committed: tests read them,
they never run this. Everything is fixed (dates, bytes), so running it again
gives the same files with the same Python.

- chatgpt_export.zip: a small ChatGPT data export as Python's zipfile writes it:
  conversations.json (deflated, the same bytes as ../chatgpt/images.json), an
  uploaded photo stored (method 0) at the root, a generated image deflated in
  dalle-generations/ under a name without its file id, a newer generated image
  deflated in a user-* folder, chat.html and user.json, a folder entry, a
  non-ASCII name (UTF-8 flag) and an archive comment.
- streamed.zip: two files written to a stream that cannot seek, so each local
  header has zero sizes and the sizes follow the data (flag bit 3).
"""

import io
import json
import os
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CHATGPT = os.path.join(HERE, "..", "chatgpt")
DATE = (2024, 7, 1, 12, 0, 0)


def png(width, height, rgb, title):
    """A valid RGB PNG of one colour, with its title in a tEXt chunk."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"tEXt", b"Title\0" + title) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


PHOTO = png(3, 2, (200, 30, 30), b"Red square")
LIGHTHOUSE = png(4, 4, (30, 30, 200), b"A blue lighthouse")
HARBOUR = png(5, 3, (30, 200, 30), b"A green harbour at dawn")

PHOTO_ID = "file-AbC123xYz"
LIGHTHOUSE_ID = "file-Gen456qRs"
HARBOUR_ID = "file_00000000aa11bb22cc33dd44ee55ff66"
MISSING_ID = "file_00000000deadbeef00000000deadbeef"


def node(node_id, parent, children, message):
    return {"id": node_id, "message": message, "parent": parent, "children": children}


def message(node_id, role, t, content, name=None, recipient="all", metadata=None):
    return {
        "id": node_id,
        "author": {"role": role, "name": name, "metadata": {}},
        "create_time": t,
        "update_time": None,
        "content": content,
        "status": "finished_successfully",
        "end_turn": None,
        "weight": 1.0,
        "metadata": metadata or {},
        "recipient": recipient,
        "channel": None,
    }


def image_part(pointer, size, width, height, dalle=None):
    return {
        "content_type": "image_asset_pointer",
        "asset_pointer": pointer,
        "size_bytes": size,
        "width": width,
        "height": height,
        "fovea": None,
        "metadata": {"dalle": dalle, "gizmo": None, "sanitized": dalle is None},
    }


def conversations():
    t = 1719835200.0
    nodes = [
        ("root", None, None),
        (
            "u1",
            "user",
            message(
                "u1",
                "user",
                t + 1,
                {
                    "content_type": "multimodal_text",
                    "parts": [image_part("file-service://" + PHOTO_ID, len(PHOTO), 3, 2), "What colour is this photo?"],
                },
                metadata={
                    "attachments": [
                        {"id": PHOTO_ID, "size": len(PHOTO), "name": "red square.png", "mime_type": "image/png", "width": 3, "height": 2},
                        {"id": "file-CsV999", "size": 120, "name": "readings.csv", "mime_type": "text/csv"},
                    ]
                },
            ),
        ),
        ("a1", "assistant", message("a1", "assistant", t + 2, {"content_type": "text", "parts": ["It is red."]}, metadata={"model_slug": "gpt-4o"})),
        ("u2", "user", message("u2", "user", t + 3, {"content_type": "text", "parts": ["Draw a lighthouse."]})),
        (
            "a2",
            "assistant",
            message(
                "a2",
                "assistant",
                t + 4,
                {"content_type": "text", "parts": ['{"prompt": "A blue lighthouse", "size": "1024x1024"}']},
                recipient="dalle.text2im",
                metadata={"model_slug": "gpt-4o"},
            ),
        ),
        (
            "t1",
            "tool",
            message(
                "t1",
                "tool",
                t + 5,
                {
                    "content_type": "multimodal_text",
                    "parts": [
                        image_part(
                            "file-service://" + LIGHTHOUSE_ID,
                            len(LIGHTHOUSE),
                            4,
                            4,
                            dalle={"gen_id": "7GRNkFRhwepj97I6", "prompt": "A blue lighthouse", "seed": 3349760235},
                        )
                    ],
                },
                name="dalle.text2im",
            ),
        ),
        ("a3", "assistant", message("a3", "assistant", t + 6, {"content_type": "text", "parts": ["Here is your lighthouse."]}, metadata={"model_slug": "gpt-4o"})),
        ("u3", "user", message("u3", "user", t + 7, {"content_type": "text", "parts": ["Now the harbour, and compare it with my sketch."]})),
        (
            "t2",
            "tool",
            message(
                "t2",
                "tool",
                t + 8,
                {
                    "content_type": "multimodal_text",
                    "parts": [image_part("sediment://" + HARBOUR_ID, len(HARBOUR), 5, 3, dalle={"gen_id": "h4rb0ur", "prompt": "A green harbour"})],
                },
                name="t2uay3k.sj1i4kz",
            ),
        ),
        (
            "u4",
            "user",
            message(
                "u4",
                "user",
                t + 9,
                {
                    "content_type": "multimodal_text",
                    "parts": [image_part("sediment://" + MISSING_ID, 48029, 800, 600), "This is my sketch."],
                },
            ),
        ),
        ("a4", "assistant", message("a4", "assistant", t + 10, {"content_type": "text", "parts": ["Both have a pier."]}, metadata={"model_slug": "gpt-4o"})),
    ]
    mapping = {}
    for index, (node_id, _role, msg) in enumerate(nodes):
        parent = nodes[index - 1][0] if index > 0 else None
        children = [nodes[index + 1][0]] if index + 1 < len(nodes) else []
        mapping[node_id] = node(node_id, parent, children, msg)
    return [
        {
            "title": "Photos and drawings",
            "create_time": t,
            "update_time": t + 10,
            "mapping": mapping,
            "current_node": "a4",
            "conversation_id": "6690a1b2-0000-8000-9000-00000000img1",
            "id": "6690a1b2-0000-8000-9000-00000000img1",
        }
    ]


def info(name, method):
    entry = zipfile.ZipInfo(name, DATE)
    entry.compress_type = method
    entry.external_attr = 0o644 << 16
    return entry


def main():
    text = json.dumps(conversations(), indent=2, ensure_ascii=False) + "\n"
    with open(os.path.join(CHATGPT, "images.json"), "w", encoding="utf-8") as out:
        out.write(text)

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.comment = b"ChatGPT data export (test fixture)"
        archive.writestr(info("conversations.json", zipfile.ZIP_DEFLATED), text.encode("utf-8"))
        archive.writestr(info(PHOTO_ID + "-red square.png", zipfile.ZIP_STORED), PHOTO)
        folder = info("dalle-generations/", zipfile.ZIP_STORED)
        folder.external_attr = (0o40755 << 16) | 0x10
        archive.writestr(folder, b"")
        archive.writestr(info("dalle-generations/68df2bfe-98a2-4495-9679-f0a4fb69eb61.png", zipfile.ZIP_DEFLATED), LIGHTHOUSE)
        archive.writestr(info("user-u123/" + HARBOUR_ID + "-0c9e7f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6.png", zipfile.ZIP_DEFLATED), HARBOUR)
        archive.writestr(info("chat.html", zipfile.ZIP_DEFLATED), b"<html><body>chats</body></html>\n")
        archive.writestr(info("user.json", zipfile.ZIP_DEFLATED), b'{"id": "user-u123"}\n')
        archive.writestr(info("notes \u00e9t\u00e9.txt", zipfile.ZIP_STORED), "Summer notes\n".encode("utf-8"))
    with open(os.path.join(HERE, "chatgpt_export.zip"), "wb") as out:
        out.write(buffer.getvalue())

    class Unseekable(io.RawIOBase):
        def __init__(self):
            self.data = bytearray()

        def writable(self):
            return True

        def write(self, b):
            self.data.extend(b)
            return len(b)

    stream = Unseekable()
    with zipfile.ZipFile(stream, "w") as archive:
        for name, data, method in [
            ("streamed/first.txt", b"hello hello hello hello\n", zipfile.ZIP_DEFLATED),
            ("streamed/second.bin", bytes(range(64)), zipfile.ZIP_STORED),
        ]:
            with archive.open(info(name, method), "w") as entry:
                entry.write(data)
    with open(os.path.join(HERE, "streamed.zip"), "wb") as out:
        out.write(bytes(stream.data))


if __name__ == "__main__":
    main()
