#!/usr/bin/env python3
"""Writes handwritten.pdf: an uncompressed PDF written by hand, object by
object, with a correct xref table. Its text exercises simple fonts
(WinAnsi Helvetica, /Differences, StandardEncoding, MacRomanEncoding), the
text operators, a form XObject whose /Length is an indirect reference, an
inline image, and a page tree whose second page inherits its /Resources."""

import sys

page1 = rb"""BT
/F1 18 Tf 72 720 Td (Hand-written PDF) Tj
/F1 11 Tf 0 -30 Td 14 TL
(WinAnsi text: caf\351, na\357ve, 10 \200 and \223curly\224 quotes.) Tj
T* (Second line, moved with T*.) Tj
T* [(Kern) 30 (ed) -250 (words) -300 (in) 15 (si) -20 (de) -400 (TJ)] TJ
(A quote operator starts a new line.) '
2 1 (Double quote operator too.) "
ET
BT /F1 11 Tf 72 590 Td (Left) Tj 200 0 Td (Right) Tj ET
BT /F2 11 Tf 72 570 Td (Di\001erences: \002nd the \003ag, \004snow\005 \006, \007dropped, sm\010ll caps.) Tj ET
BT /F3 11 Tf 72 550 Td (StandardEncoding: It\047s \140quoted\047 \261 dash.) Tj ET
BT /F4 11 Tf 72 530 Td (MacRoman: \216t\216 \245 \321 \312gap) Tj ET
q 20 0 0 10 72 480 cm
BI /W 4 /H 2 /BPC 8 /CS /G ID
) Tj EI
EI Q
BT /F1 11 Tf 72 460 Td (Parens \(escaped\) and (nested) kept; back\\slash \
joined.) Tj ET
"""

page2 = rb"""BT /F1 14 Tf 72 720 Td (Second page, inherited resources.) Tj ET
q 2 0 0 2 72 600 cm /Fm1 Do Q
BT /F1 11 Tf 72 560 Td <48657820737472696E67> Tj ET
"""

form = rb"""BT /F1 10 Tf 0 0 Td (Text inside a form XObject.) Tj ET"""

differences = b"/Differences [1 /ff /fi /fl /quotedblleft /quotedblright /uni2603 /g17 /a.sc]"

objects = {
    1: b"<< /Type /Catalog /Pages 2 0 R >>",
    2: b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 612 792]"
       b" /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >> /XObject << /Fm1 11 0 R >> >> >>",
    3: b"<< /Type /Page /Parent 2 0 R /Contents 9 0 R >>",
    4: b"<< /Type /Page /Parent 2 0 R /Contents [10 0 R] >>",
    5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    6: b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding"
       b" /BaseEncoding /WinAnsiEncoding " + differences + b" >> >>",
    7: b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /StandardEncoding >>",
    8: b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /MacRomanEncoding >>",
    9: (b"<< /Length %d >>\nstream\n" % len(page1)) + page1 + b"\nendstream",
    10: (b"<< /Length %d >>\nstream\n" % len(page2)) + page2 + b"\nendstream",
    11: b"<< /Type /XObject /Subtype /Form /BBox [0 0 300 20] /Resources << /Font << /F1 5 0 R >> >>"
        b" /Length 12 0 R >>\nstream\n" + form + b"\nendstream",
    12: b"%d" % len(form),
}

out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = {}
for number in sorted(objects):
    offsets[number] = len(out)
    out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for number in sorted(objects):
    out += b"%010d 00000 n \n" % offsets[number]
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
open(sys.argv[1] if len(sys.argv) > 1 else "handwritten.pdf", "wb").write(out)
