#!/usr/bin/env python3
"""Make the thirty-eighth popular set: new everyday mistakes in libraries a developer runs daily.

The hidden judge runs ~14 of the most downloaded libraries with everyday mistakes. This set is
made like popular37 (the harness, truth rules and case format of ``make_runtime_set.py``,
entered through ``set_main``) from libraries no other set pins: asn1crypto (DER/PEM
serialization of keys and certificates), mutagen (audio file tags), DateTime (Zope's date and
time type), yapf (the code formatter and its style configuration), iniconfig (INI files, as
pytest reads them) and pygtrie (prefix trees). Every snippet is a mistake no set holds yet: no
case's message, its values masked, equals one of another set's cases. As in popular35, an error
raised in compiled code or the standard library below a library frame has as its truth that
deepest Python frame of the library in the real traceback (``compiled_truth``). Every error is provoked locally (files are
written beside the snippet), so no snippet reaches the network. It was scored once before any
change looked at its misses (see ``docs/measurements/pop38.md``):

    python scripts/make_popular38_set.py                  # every library, the pins below
    python scripts/make_popular38_set.py --only mutagen   # one library; the other cases are kept

The truth is the deepest frame in a *pinned* distribution. Where another set pins a release
(pytz, zope.interface) this one pins the same, so CI indexes it once; the libraries'
dependencies are pinned too, so the pins are every distribution the virtualenv holds (it is
re-made as it was and pip does not backtrack).

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_runtime_set import Snippet, _s, set_main  # a sibling script, found through the path above

PINS: dict[str, str] = {
    "asn1crypto": "1.5.1",
    "mutagen": "1.48.1",
    "datetime": "6.0",
    "pytz": "2026.6",
    "zope-interface": "8.7",
    "yapf": "0.43.0",
    "platformdirs": "4.14.9",
    "iniconfig": "2.3.1",
    "pygtrie": "2.6.2",
}

AC = """
from asn1crypto import core, x509, keys, pem, algos
"""

MU = """
import mutagen
"""

DT = """
from DateTime import DateTime
"""

YA = """
from yapf.yapflib.yapf_api import FormatCode

code = "def f(a,b):\\n  return a+b\\n"
"""

IC = """
from iniconfig import IniConfig
"""

PG = """
import pygtrie

trie = pygtrie.CharTrie()
trie["foo"] = 1
trie["foobar"] = 2
"""


# The snippets are ordinary user code, written from the libraries' documented APIs and tried in a
# scratch virtualenv (/tmp/pop38) before errdex was run on any of them. Their number within a
# library is part of each case's `source`: new ones go at the end of a list.
SNIPPETS: dict[str, list[Snippet]] = {
    "asn1crypto": [
        _s("a certificate loaded from text", AC + "x509.Certificate.load('MIIB...')\n"),
        _s("a certificate loaded from garbage bytes", AC + "x509.Certificate.load(b'not a certificate')\n"),
        _s("PEM armor of DER bytes", AC + "pem.unarmor(b'\\x30\\x03\\x02\\x01\\x01')\n"),
        _s(
            "PEM text given as a str",
            AC + "pem.unarmor('-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----\\n')\n",
        ),
        _s("an integer set from a string", AC + "core.Integer('42')\n"),
        _s("an octet string set from text", AC + "core.OctetString('secret')\n"),
        _s("a UTF8 string set from bytes", AC + "core.UTF8String(b'name')\n"),
        _s("an object identifier with a letter", AC + "core.ObjectIdentifier('1.2.840.abc')\n"),
        _s("an unknown digest algorithm name", AC + "algos.DigestAlgorithm({'algorithm': 'sha999'})\n"),
        _s("a name built with an unknown attribute", AC + "x509.Name.build({'colour': 'blue'})\n"),
        _s("a bit string of non-bits", AC + "core.BitString((1, 2, 0))\n"),
        _s(
            "an unknown tag type",
            AC + "core.Integer(5, explicit=('universal', 1), implicit=2, tag_type='loose')\n",
        ),
        _s("a choice with an unknown alternative", AC + "x509.GeneralName(name='email', value='a@b.c')\n"),
        _s(
            "a public key loaded from a bare integer sequence",
            AC + "keys.PublicKeyInfo.load(b'\\x30\\x03\\x02\\x01\\x00').native\n",
        ),
        _s("an enumerated value that is not in the map", AC + "x509.KeyPurposeId('frobnicate')\n"),
        _s("PEM armor with no DER bytes", AC + "pem.armor('CERTIFICATE')\n"),
        _s("an IPv4 network with a /33 mask", AC + "x509.IPAddress('10.0.0.0/33')\n"),
        _s("a private key wrapped as ed25519", AC + "keys.PrivateKeyInfo.wrap(b'\\x30\\x00', 'ed25519')\n"),
        _s(
            "a private key wrapped from text",
            AC + "keys.PrivateKeyInfo.wrap('-----BEGIN RSA PRIVATE KEY-----', 'rsa')\n",
        ),
        _s("a private key unwrapped", AC + "keys.PrivateKeyInfo().unwrap()\n"),
        _s(
            "an IP address parsed from DER",
            AC + "x509.IPAddress.load(b'\\x04\\x04\\x0a\\x00\\x00\\x01').parse()\n",
        ),
    ],
    "mutagen": [
        _s(
            "an MP3 file that holds text",
            MU + "from mutagen.mp3 import MP3\nMP3('song.mp3')\n",
            files={"song.mp3": "not really audio\n" * 40},
        ),
        _s(
            "ID3 tags of a file without them",
            MU + "from mutagen.id3 import ID3\nID3('song.mp3')\n",
            files={"song.mp3": "plain text\n"},
        ),
        _s(
            "a FLAC file that holds text",
            MU + "from mutagen.flac import FLAC\nFLAC('track.flac')\n",
            files={"track.flac": "text\n" * 10},
        ),
        _s(
            "an Ogg Vorbis file that holds text",
            MU + "from mutagen.oggvorbis import OggVorbis\nOggVorbis('a.ogg')\n",
            files={"a.ogg": "text\n" * 10},
        ),
        _s(
            "an MP4 file that holds text",
            MU + "from mutagen.mp4 import MP4\nMP4('a.m4a')\n",
            files={"a.m4a": "text\n" * 10},
        ),
        _s(
            "a WAVE file that holds text",
            MU + "from mutagen.wave import WAVE\nWAVE('a.wav')\n",
            files={"a.wav": "text\n" * 10},
        ),
        _s(
            "an AIFF file that holds text",
            MU + "from mutagen.aiff import AIFF\nAIFF('a.aiff')\n",
            files={"a.aiff": "text\n" * 10},
        ),
        _s(
            "APEv2 tags of a file without them",
            MU + "from mutagen.apev2 import APEv2\nAPEv2('a.mp3')\n",
            files={"a.mp3": "text\n" * 10},
        ),
        _s(
            "an ASF file that holds text",
            MU + "from mutagen.asf import ASF\nASF('a.wma')\n",
            files={"a.wma": "text\n" * 10},
        ),
        _s(
            "ID3 tags saved with no file name",
            MU
            + "from mutagen.id3 import ID3, TIT2\ntags = ID3()\ntags.add(TIT2(encoding=3, text='Song'))\ntags.save()\n",
        ),
        _s(
            "ID3 saved as version 2.2",
            MU + "from mutagen.id3 import ID3\nID3().save('out.mp3', v2_version=2)\n",
            files={"out.mp3": ""},
        ),
        _s(
            "two track ids in EasyID3",
            MU
            + "from mutagen.easyid3 import EasyID3\ntags = EasyID3()\ntags['musicbrainz_trackid'] = ['a', 'b']\n",
        ),
        _s(
            "a Musepack file that holds text",
            MU + "from mutagen.musepack import Musepack\nMusepack('a.mpc')\n",
            files={"a.mpc": "text\n" * 10},
        ),
        _s(
            "an Opus file that holds text",
            MU + "from mutagen.oggopus import OggOpus\nOggOpus('a.opus')\n",
            files={"a.opus": "OggS" + "text\n" * 10},
        ),
        _s(
            "an EasyMP4 key that does not exist",
            MU + "from mutagen.easymp4 import EasyMP4Tags\ntags = EasyMP4Tags()\ntags['mood'] = 'calm'\n",
        ),
        _s(
            "a picture of a FLAC file from text", MU + "from mutagen.flac import Picture\nPicture(b'short')\n"
        ),
        _s(
            "a DSF file that holds text",
            MU + "from mutagen.dsf import DSF\nDSF('a.dsf')\n",
            files={"a.dsf": "text\n" * 10},
        ),
        _s(
            "a MIDI file that holds text",
            MU + "from mutagen.smf import SMF\nSMF('a.mid')\n",
            files={"a.mid": "text\n" * 10},
        ),
        _s(
            "a WavPack file that holds text",
            MU + "from mutagen.wavpack import WavPack\nWavPack('a.wv')\n",
            files={"a.wv": "text\n" * 10},
        ),
        _s(
            "an OptimFROG file that holds text",
            MU + "from mutagen.optimfrog import OptimFROG\nOptimFROG('a.ofr')\n",
            files={"a.ofr": "text\n" * 10},
        ),
        _s(
            "a TAK file that holds text",
            MU + "from mutagen.tak import TAK\nTAK('a.tak')\n",
            files={"a.tak": "text\n" * 10},
        ),
        _s(
            "a True Audio file that holds text",
            MU + "from mutagen.trueaudio import TrueAudio\nTrueAudio('a.tta')\n",
            files={"a.tta": "text\n" * 10},
        ),
        _s(
            "an AC-3 file that holds text",
            MU + "from mutagen.ac3 import AC3\nAC3('a.ac3')\n",
            files={"a.ac3": "text\n" * 10},
        ),
        _s(
            "a Monkey's Audio file that holds text",
            MU + "from mutagen.monkeysaudio import MonkeysAudio\nMonkeysAudio('a.ape')\n",
            files={"a.ape": "text\n" * 10},
        ),
    ],
    "datetime": [
        _s("a word as a date", DT + "DateTime('tomorrow')\n"),
        _s("an hour of 25", DT + "DateTime('2024/01/05 25:10')\n"),
        _s("an unknown time zone name", DT + "DateTime('2024/01/05 10:00 Mars/Base')\n"),
        _s("the 30th of February as numbers", DT + "DateTime(2024, 2, 30)\n"),
        _s("too many date parts", DT + "DateTime(2024, 1, 5, 10, 0, 0, 'UTC', 7)\n"),
        _s("two DateTimes added", DT + "DateTime('2024/01/05') + DateTime('2024/01/06')\n"),
        _s("a time far beyond range", DT + "DateTime(1e20)\n"),
        _s("a minute of 61", DT + "DateTime(2024, 1, 5, 10, 61)\n"),
        _s("a strftime format as a number", DT + "DateTime('2024/01/05').strftime(5)\n"),
        _s("an unknown time zone as an argument", DT + "DateTime(2024, 1, 5, 10, 0, 0, 'Mars')\n"),
        _s("an empty date string", DT + "DateTime('')\n"),
    ],
    "yapf": [
        _s("a style keyword FormatCode does not take", YA + "FormatCode(code, style='pep8')\n"),
        _s("code that does not parse", YA + "FormatCode('def f(:\\n    pass\\n')\n"),
        _s("an unknown style name", YA + "FormatCode(code, style_config='black')\n"),
        _s(
            "a misspelt style option",
            YA + "FormatCode(code, style_config='{based_on_style: pep8, indent_wdth: 2}')\n",
        ),
        _s(
            "a column limit as a word",
            YA + "FormatCode(code, style_config='{based_on_style: pep8, column_limit: wide}')\n",
        ),
        _s(
            "a style file without a style section",
            YA + "FormatCode(code, style_config='setup.cfg')\n",
            files={"setup.cfg": "[metadata]\nname = demo\n"},
        ),
        _s(
            "both in_place and print_diff",
            "from yapf.yapflib.yapf_api import FormatFile\nFormatFile('a.py', in_place=True, print_diff=True)\n",
            files={"a.py": "x=1\n"},
        ),
        _s(
            "a continuation align style of an unknown value",
            YA + "FormatCode(code, style_config='{based_on_style: pep8, continuation_align_style: tabs}')\n",
        ),
        _s(
            "an exclude pattern starting with ./",
            "from yapf.yapflib import file_resources\nfile_resources.GetCommandLineFiles(['.'], recursive=True, exclude=['./build'])\n",
        ),
        _s(
            "the command line with a reversed line range",
            "import yapf\nyapf.main(['yapf', '--lines', '5-2', 'a.py'])\n",
            files={"a.py": "x=1\n"},
        ),
        _s(
            "the command line on a folder of no Python files",
            "import yapf\nyapf.main(['yapf', '--recursive', 'docs'])\n",
            files={"docs/readme.txt": "hi\n"},
        ),
        _s(
            "a .yapfignore pattern starting with ./",
            "from yapf.yapflib import file_resources\nfile_resources.GetExcludePatternsForDir('.')\n",
            files={".yapfignore": "./build\n"},
        ),
    ],
    "iniconfig": [
        _s("IniConfig made with no path", IC + "IniConfig()\n"),
        _s(
            "a key before any section",
            IC + "IniConfig('setup.ini')\n",
            files={"setup.ini": "name = demo\n[tool]\nx = 1\n"},
        ),
        _s(
            "a section written twice",
            IC + "IniConfig('setup.ini')\n",
            files={"setup.ini": "[pytest]\na = 1\n[pytest]\nb = 2\n"},
        ),
        _s(
            "a key written twice",
            IC + "IniConfig('setup.ini')\n",
            files={"setup.ini": "[pytest]\naddopts = -q\naddopts = -x\n"},
        ),
        _s("an empty section name", IC + "IniConfig('setup.ini')\n", files={"setup.ini": "[]\na = 1\n"}),
        _s(
            "an indented line before any key",
            IC + "IniConfig('setup.ini')\n",
            files={"setup.ini": "[pytest]\n    -q\n"},
        ),
        _s(
            "a line that is not a key",
            IC + "IniConfig('setup.ini')\n",
            files={"setup.ini": "[pytest]\njust some words\n"},
        ),
    ],
    "pygtrie": [
        _s("a prefix of a key looked up", PG + "trie['foob']\n"),
        _s("an empty separator", "import pygtrie\npygtrie.StringTrie(separator='')\n"),
        _s("a separator that is not a string", "import pygtrie\npygtrie.StringTrie(separator=5)\n"),
        _s("a slice of keys", PG + "trie['f':'g']\n"),
    ],
}


# As in popular35, an error raised below a library's frame in compiled code or the standard
# library takes that deepest library frame as truth.
SNIPPETS = {lib: [replace(s, compiled_truth=True) for s in snippets] for lib, snippets in SNIPPETS.items()}


def main(argv: list[str] | None = None) -> int:
    return set_main("popular38", argv, pins=PINS, snippets=SNIPPETS, doc=__doc__ or "")


if __name__ == "__main__":
    sys.exit(main())
