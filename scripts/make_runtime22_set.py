#!/usr/bin/env python3
"""Make the runtime10-runtime22 regression set: a third reading of runtime10's 14 libraries.

The hidden judge scores "everyday errors made by running 14 popular libraries" (message-only and
traceback forms, the truth read from the real traceback), and errdex gets 77-79% there. This set
runs runtime10's libraries a third time (after runtime10 and runtime15) -- cattrs, DeepDiff,
semver, Alembic, Authlib, xmltodict, loguru, structlog, toml, joblib, cryptography, psutil, regex
and docutils -- at exactly runtime10's releases, so its ``versions.json`` is runtime10's and CI
reads runtime10's catalogue for it (the twin rule of ``tests/test_regression_sets.py``; the set's
name sorts after ``runtime10``, which stays the owner): it costs no indexing. Its snippets are
other newcomers' mistakes with those libraries, aimed where the first two readings did not go
(x509 builders' and extensions' argument checks, Alembic's command and config checks, Authlib's
key and JWS/JWE parsing, docutils' directive checks), whose message, its values masked, no case of
any other set holds (see ``docs/measurements/rt22.md``). As in runtime10 every snippet is
``compiled_truth``: an error raised in compiled code, the standard library, the interpreter or an
unpinned dependency (SQLAlchemy under Alembic) below a library frame has as its truth the deepest
Python frame of a pinned library in the real traceback. The harness, the other truth rules and the
case format are ``make_runtime_set.py``'s. No snippet needs a server: Alembic runs on a local
SQLite file or an in-memory engine, Authlib signs, encrypts and parses the tokens, keys and URLs it
is handed, psutil reads this machine's own process, joblib runs its workers locally.

    python scripts/make_runtime22_set.py                    # every library, the pins below
    python scripts/make_runtime22_set.py --only toml        # one library; the other cases are kept

Only the standard library is used, like the script it extends.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Sibling scripts, found through the path above: the harness, and runtime10's releases (so this
# set's versions.json is runtime10's) and snippet preambles (imports, small data).
from make_runtime10_set import AL, ALI, AU, CA, CR, DD, DU, JB, LG, PU, RX, SL, SV, TM, XD
from make_runtime10_set import PINS as RUNTIME10_PINS
from make_runtime_set import ROOT, Snippet, _s, main_for

NAME = "runtime10-runtime22"
PINS: dict[str, str] = dict(RUNTIME10_PINS)

SNIPPETS: dict[str, list[Snippet]] = {
    "cattrs": [
        _s(
            "an unstructure strategy given as a string",
            CA + "cattrs.Converter(unstruct_strat='dict')\n",
        ),
        _s(
            "a union passthrough on a converter",
            CA
            + "from cattrs.strategies import configure_union_passthrough\nc = cattrs.Converter(detailed_validation=False)\nconfigure_union_passthrough(int | str, c)\nc.structure(1.5, int | str)\n",
        ),
        _s(
            "a class validation error raised as group flattening",
            CA + "from cattrs.errors import ClassValidationError\nClassValidationError('bad', [1], Point)\n",
        ),
        _s(
            "a preconf json datetime from a bad string",
            CA
            + "import datetime\nfrom cattrs.preconf.json import make_converter\nmake_converter().structure('yesterday', datetime.datetime)\n",
        ),
        _s(
            "a register_structure_hook with a non-type",
            CA
            + "c = cattrs.Converter()\nc.register_structure_hook(5, lambda v, t: v)\nc.structure(1, int)\n",
        ),
    ],
    "deepdiff": [
        _s(
            "a delta serialized to a file with no name",
            DD + "d = Delta(DeepDiff({'a': 1}, {'a': 2}))\nd.dump(5)\n",
        ),
        _s(
            "a distance calculation without cache",
            DD
            + "DeepDiff([1, 2], [2, 3], ignore_order=True, get_deep_distance=True, cache_size=0).get('deep_distance')\nfrom deepdiff.distance import DistanceMixin\nDeepDiff([{'a': 1}], [{'a': 2}], ignore_order=True, cutoff_intersection_for_pairs=2)._get_rough_distance()\n",
        ),
        _s(
            "a save of an unsupported file format",
            DD
            + "from deepdiff.serialization import save_content_to_path\nsave_content_to_path({'a': 1}, 'x.ini')\n",
        ),
        _s(
            "a load of a yaml file without pyyaml",
            DD
            + "from deepdiff.serialization import load_path_content\nopen('x.yaml', 'w').write('a: 1')\nload_path_content('x.yaml')\n",
        ),
    ],
    "semver": [
        _s(
            "a version parsed from a tag with a v prefix",
            SV + "Version.parse('v1.2.3')\n",
        ),
        _s(
            "a version compared to a tuple with too many parts",
            SV + "Version(1, 2, 3).compare((1, 2, 3, 4, 5, 6))\n",
        ),
    ],
    "alembic": [
        _s(
            "a create_index with no columns",
            AL
            + "from alembic.migration import MigrationContext\nfrom alembic.operations import Operations\nimport sqlalchemy as sa\neng = sa.create_engine('sqlite://')\nwith eng.connect() as conn:\n    op = Operations(MigrationContext.configure(conn))\n    op.create_index('ix', 't', [])\n",
        ),
        _s(
            "a create_table of a table that exists",
            AL
            + "from alembic.migration import MigrationContext\nfrom alembic.operations import Operations\nimport sqlalchemy as sa\neng = sa.create_engine('sqlite://')\nwith eng.connect() as conn:\n    op = Operations(MigrationContext.configure(conn))\n    op.create_table('t', sa.Column('id', sa.Integer))\n    op.create_table('t', sa.Column('id', sa.Integer))\n",
        ),
        _s(
            "a create_foreign_key in sqlite without batch",
            AL
            + "from alembic.migration import MigrationContext\nfrom alembic.operations import Operations\nimport sqlalchemy as sa\neng = sa.create_engine('sqlite://')\nwith eng.connect() as conn:\n    op = Operations(MigrationContext.configure(conn))\n    op.create_foreign_key('fk', 'a', 'b', ['x'], ['id'])\n",
        ),
        _s(
            "a config file that does not exist read",
            AL
            + "c2 = Config('missing.ini')\nc2.get_section_option('alembic', 'script_location', None)\ncommand.upgrade(c2, 'head')\n",
        ),
        _s(
            "an upgrade with a revision range without sql",
            ALI + "command.revision(cfg, 'one', rev_id='aaa')\ncommand.upgrade(cfg, 'base:aaa')\n",
        ),
        _s(
            "an ini with an unknown interpolation",
            AL
            + "open('alembic.ini', 'w').write('[alembic]\\nscript_location = %(nope)s/migrations\\n')\ncommand.history(Config('alembic.ini'))\n",
        ),
        _s(
            "a revision with an unknown timezone",
            ALI + "cfg.set_main_option('timezone', 'Mars/Olympus')\ncommand.revision(cfg, 'x')\n",
        ),
        _s(
            "a stamp with purge in sql mode",
            ALI + "command.stamp(cfg, 'head', sql=True, purge=True)\n",
        ),
        _s(
            "a revision in sql mode without revision_environment",
            ALI + "command.revision(cfg, 'x', sql=True)\n",
        ),
        _s(
            "a get_base on a script directory with two bases",
            ALI
            + "from alembic.script import ScriptDirectory\ncommand.revision(cfg, 'a', rev_id='aaa')\ncommand.revision(cfg, 'b', rev_id='bbb', head='base', branch_label='other')\nScriptDirectory.from_config(cfg).get_base()\n",
        ),
        _s(
            "a pyproject config with a bad boolean",
            AL
            + "open('pyproject.toml', 'w').write('[tool.alembic]\\nscript_location = \"m\"\\nrecursive_version_locations = \"yes\"\\n')\nc = Config(toml_file='pyproject.toml')\nc.get_alembic_boolean_option('recursive_version_locations')\n",
        ),
        _s(
            "a command line with two config files",
            AL + "from alembic.config import main\nmain(argv=['-c', 'a.ini', '-c', 'b.ini', 'current'])\n",
        ),
        _s(
            "an operations add_column with a name-less column",
            AL
            + "from alembic.migration import MigrationContext\nfrom alembic.operations import Operations\nimport sqlalchemy as sa\neng = sa.create_engine('sqlite://')\nwith eng.connect() as conn:\n    op = Operations(MigrationContext.configure(conn))\n    op.create_table('t', sa.Column('id', sa.Integer))\n    op.add_column('t', sa.Column(sa.Integer))\n",
        ),
        _s(
            "a batch operation with a bad recreate",
            AL
            + "from alembic.migration import MigrationContext\nfrom alembic.operations import Operations\nimport sqlalchemy as sa\neng = sa.create_engine('sqlite://')\nwith eng.connect() as conn:\n    op = Operations(MigrationContext.configure(conn))\n    with op.batch_alter_table('t', recreate='sometimes') as b:\n        pass\n",
        ),
        _s(
            "a revision with an empty version file",
            ALI
            + "command.revision(cfg, 'a', rev_id='aaa')\nopen('migrations/versions/broken.py', 'w').write('x = 1\\n')\ncommand.heads(cfg)\n",
        ),
        _s(
            "a template that fails to render",
            AL
            + "command.init(cfg, 'migrations')\ncfg = Config('alembic.ini')\nopen('migrations/script.py.mako', 'w').write('${nope.attr}')\ncommand.revision(cfg, 'x')\n",
        ),
    ],
    "authlib": [
        _s(
            "a jwt with iat in the future",
            AU
            + "import time\nt = jwt.encode({'alg': 'HS256'}, {'iat': int(time.time()) + 10000}, 'secret')\njwt.decode(t, 'secret').validate()\n",
        ),
        _s(
            "a jws serialized with a missing alg",
            AU
            + "from authlib.jose import JsonWebSignature\nJsonWebSignature().serialize_compact({}, b'x', 'secret')\n",
        ),
        _s(
            "a jwe deserialized with a wrong key",
            AU
            + "from authlib.jose import JsonWebEncryption\njwe = JsonWebEncryption()\nt = jwe.serialize_compact({'alg': 'A128KW', 'enc': 'A128GCM'}, b'hi', b'0123456789abcdef')\njwe.deserialize_compact(t, b'fedcba9876543210')\n",
        ),
        _s(
            "a jws json deserialize of a non-dict",
            AU
            + "from authlib.jose import JsonWebSignature\nJsonWebSignature().deserialize_json('[1, 2]', 'secret')\n",
        ),
        _s(
            "a pkce challenge with a bad method",
            AU
            + "from authlib.oauth2.rfc7636 import create_s256_code_challenge\ncreate_s256_code_challenge(None)\n",
        ),
        _s(
            "a jws with an unknown crit header",
            AU
            + "from authlib.jose import JsonWebSignature\nJsonWebSignature().serialize_compact({'alg': 'HS256', 'crit': ['exp']}, b'x', 'secret')\n",
        ),
        _s(
            "a jwe with a bad zip",
            AU
            + "from authlib.jose import JsonWebEncryption\nJsonWebEncryption().serialize_compact({'alg': 'dir', 'enc': 'A128GCM', 'zip': 'GZIP'}, b'hi', b'0' * 16)\n",
        ),
        _s(
            "a jwt decode of bytes garbage",
            AU + "jwt.decode(b'a.b.c', 'secret')\n",
        ),
        _s(
            "an ec key imported from a dict missing d",
            AU
            + "from authlib.jose import ECKey\nk = ECKey.import_key({'kty': 'EC', 'crv': 'P-256', 'x': 'AA', 'y': 'AA'})\nk.get_private_key()\nk.as_dict(is_private=True)\n",
        ),
        _s(
            "an oct key generated as public",
            AU + "from authlib.jose import OctKey\nOctKey.generate_key(256, is_private=False)\n",
        ),
        _s(
            "an rsa key of an odd size",
            AU + "from authlib.jose import RSAKey\nRSAKey.generate_key(2049, is_private=True)\n",
        ),
        _s(
            "a public rsa key exported as private",
            AU
            + "from authlib.jose import RSAKey\nk = RSAKey.generate_key(2048, is_private=True)\npub = RSAKey.import_key(k.as_pem(is_private=False))\npub.as_pem(is_private=True)\n",
        ),
        _s(
            "a jws with a header that is not an object",
            AU
            + "from authlib.jose import JsonWebSignature\nJsonWebSignature().deserialize_compact('WzFd.e30.c2ln', 'secret')\n",
        ),
        _s(
            "a jws json with a bad header value",
            AU
            + "from authlib.jose import JsonWebSignature\nJsonWebSignature().deserialize_json({'payload': 'e30', 'signatures': [{'protected': 'eyJhbGciOiJIUzI1NiJ9', 'header': 5, 'signature': 'c2ln'}]}, 'secret')\n",
        ),
        _s(
            "a public key used to sign",
            AU
            + "from authlib.jose import RSAKey\nk = RSAKey.generate_key(2048, is_private=True)\npub = RSAKey.import_key(k.as_pem(is_private=False))\npub.check_key_op('sign')\n",
        ),
        _s(
            "a jwe key wrap with a wrong key size",
            AU
            + "from authlib.jose import JsonWebEncryption\nJsonWebEncryption().serialize_compact({'alg': 'A128KW', 'enc': 'A128GCM'}, b'hi', b'0' * 32)\n",
        ),
        _s(
            "an rsa key with other primes",
            AU
            + "from authlib.jose import RSAKey\nk = RSAKey.generate_key(2048, is_private=True).as_dict(is_private=True)\nk['oth'] = [{}]\nRSAKey.import_key(k).get_private_key()\n",
        ),
        _s(
            "a url with an invalid character",
            AU + "from authlib.common.urls import url_decode\nurl_decode('a=b c')\n",
        ),
        _s(
            "a jws registered with a jwe algorithm",
            AU
            + "from authlib.jose import JsonWebSignature, JsonWebEncryption\nfrom authlib.jose.rfc7518 import JWE_ALG_ALGORITHMS\nJsonWebSignature.register_algorithm(JWE_ALG_ALGORITHMS[0])\n",
        ),
    ],
    "xmltodict": [
        _s(
            "parse of a duplicate attribute",
            XD + 'xmltodict.parse(\'<a x="1" x="2"/>\')\n',
        ),
        _s(
            "parse of a non-xml text",
            XD + "xmltodict.parse('hello')\n",
        ),
        _s(
            "parse of a reference to an invalid char",
            XD + "xmltodict.parse('<a>&#0;</a>')\n",
        ),
        _s(
            "parse of a text after root",
            XD + 'xmltodict.parse(\'<?xml version="1.0"?><?xml version="1.0"?><a/>\')\n',
        ),
        _s(
            "parse of an unclosed comment",
            XD + "xmltodict.parse('<a><!-- x</a>')\n",
        ),
        _s(
            "parse of an unclosed cdata",
            XD + "xmltodict.parse('<a><![CDATA[x</a>')\n",
        ),
    ],
    "loguru": [
        _s(
            "a retention of a bad string",
            LG + "logger.add('x.log', retention='forever and ever')\n",
        ),
        _s(
            "a message with positional braces without args",
            LG + "logger.remove()\nlogger.add(sys.stderr, catch=False)\nlogger.info('value {} {}', 1)\n",
        ),
        _s(
            "a configure with levels not dicts",
            LG + "logger.configure(levels=[5])\n",
        ),
        _s(
            "a catch with an invalid exception type",
            LG + "@logger.catch(5)\ndef f():\n    1 / 0\nf()\n",
        ),
        _s(
            "a format function returning non-string",
            LG
            + "logger.remove()\nlogger.add(sys.stderr, format=lambda r: 5, catch=False)\nlogger.info('x')\n",
        ),
        _s(
            "a rotation with a bad interval word",
            LG + "logger.add('x.log', rotation='every 5 fortnights')\n",
        ),
        _s(
            "a rotation size of a bad number",
            LG + "logger.add('x.log', rotation='1.2.3 MB')\n",
        ),
        _s(
            "an enable of a non-string",
            LG + "logger.enable(5)\n",
        ),
    ],
    "structlog": [
        _s(
            "a contextvars bind of a reserved key",
            SL
            + "import structlog.contextvars as cv\ncv.bind_contextvars(**{'a': 1})\ncv.reset_contextvars(a=5)\n",
        ),
    ],
    "toml": [
        _s(
            "a float with an exponent without digits",
            TM + "toml.loads('f = 1e')\n",
        ),
        _s(
            "an array of tables inside an inline",
            TM + "toml.loads('a = {b = [1, 2}')\n",
        ),
        _s(
            "a time with bad hour",
            TM + "toml.loads('t = 25:00:00')\n",
        ),
        _s(
            "a loads of a key after an inline table on same line",
            TM + "toml.loads('t = {a = 1} b = 2')\n",
        ),
    ],
    "joblib": [
        _s(
            "a parallel with pre_dispatch garbage",
            JB
            + "Parallel(n_jobs=2, backend='threading', pre_dispatch='lots')(delayed(abs)(i) for i in range(4))\n",
        ),
        _s(
            "a parallel_config with an unknown argument",
            JB + "from joblib import parallel_config\nparallel_config(njobs=2)\n",
        ),
        _s(
            "a hash of an object with a bad hash name",
            JB + "import joblib\njoblib.hash([1], hash_name='sha999')\n",
        ),
        _s(
            "a parallel with a backend name and a backend instance option",
            JB
            + "from joblib import parallel_config\nwith parallel_config(backend='threading', inner_max_num_threads=2):\n    pass\n",
        ),
        _s(
            "a memory decorator with bad cache_validation_callback args",
            JB + "from joblib import expires_after\nexpires_after(days='one')\n",
        ),
        _s(
            "a load of a file with a lz4 extension without lz4",
            JB + "dump([1], 'x.pkl.lz4')\n",
        ),
    ],
    "cryptography": [
        _s(
            "a certificate builder signed with an unsupported hash",
            CR
            + "from cryptography.hazmat.primitives.asymmetric import ed25519\nk = ed25519.Ed25519PrivateKey.generate()\nn = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, 'x')])\nnow = datetime.datetime.now(datetime.timezone.utc)\nx509.CertificateBuilder().subject_name(n).issuer_name(n).public_key(k.public_key()).serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=1)).sign(k, hashes.MD5())\n",
        ),
        _s(
            "an extension lookup missing",
            CR
            + "from cryptography.hazmat.primitives.asymmetric import ec\nk = ec.generate_private_key(ec.SECP256R1())\nn = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, 'x')])\nnow = datetime.datetime.now(datetime.timezone.utc)\nc = x509.CertificateBuilder().subject_name(n).issuer_name(n).public_key(k.public_key()).serial_number(1).not_valid_before(now).not_valid_after(now + datetime.timedelta(days=1)).sign(k, hashes.SHA256())\nc.extensions.get_extension_for_class(x509.SubjectAlternativeName)\n",
        ),
        _s(
            "a csr builder signed with an unsupported key",
            CR
            + "x509.CertificateSigningRequestBuilder().subject_name(x509.Name([])).sign(5, hashes.SHA256())\n",
        ),
        _s(
            "a name attribute of a bad oid type",
            CR + "x509.NameAttribute('2.5.4.3', 'x')\n",
        ),
        _s(
            "a policy information with a non-oid",
            CR + "x509.PolicyInformation('1.2.3', None)\n",
        ),
        _s(
            "a pss padding with a bad salt length",
            CR
            + "from cryptography.hazmat.primitives.asymmetric import padding as ap\nap.PSS(mgf=ap.MGF1(hashes.SHA256()), salt_length='big')\n",
        ),
        _s(
            "an mgf1 with a non-hash",
            CR + "from cryptography.hazmat.primitives.asymmetric import padding as ap\nap.MGF1('sha256')\n",
        ),
        _s(
            "a hotp of a bad length type",
            CR
            + "from cryptography.hazmat.primitives.twofactor.hotp import HOTP\nHOTP(b'0' * 20, 6.0, hashes.SHA1())\n",
        ),
        _s(
            "a fernet decrypt of text",
            CR + "Fernet(Fernet.generate_key()).decrypt(5)\n",
        ),
        _s(
            "a crl builder next update before last",
            CR
            + "now = datetime.datetime.now(datetime.timezone.utc)\nx509.CertificateRevocationListBuilder().last_update(now).next_update(now - datetime.timedelta(days=1))\n",
        ),
        _s(
            "a serial number of a float",
            CR + "x509.CertificateBuilder().serial_number(1.5)\n",
        ),
        _s(
            "a relative distinguished name empty",
            CR + "x509.RelativeDistinguishedName([])\n",
        ),
        _s(
            "a relative distinguished name with duplicates",
            CR + "a = x509.NameAttribute(NameOID.COMMON_NAME, 'x')\nx509.RelativeDistinguishedName([a, a])\n",
        ),
        _s(
            "a general name of a directory name with a string",
            CR + "x509.DirectoryName('CN=x')\n",
        ),
        _s(
            "a distribution point with both names",
            CR
            + "x509.DistributionPoint(full_name=[x509.UniformResourceIdentifier('http://a')], relative_name=x509.RelativeDistinguishedName([x509.NameAttribute(NameOID.COMMON_NAME, 'x')]), reasons=None, crl_issuer=None)\n",
        ),
        _s(
            "a distribution point with an unspecified reason",
            CR
            + "x509.DistributionPoint(full_name=[x509.UniformResourceIdentifier('http://a')], relative_name=None, reasons=frozenset([x509.ReasonFlags.unspecified]), crl_issuer=None)\n",
        ),
        _s(
            "a crl reason of a string",
            CR + "x509.CRLReason('keyCompromise')\n",
        ),
        _s(
            "an invalidity date of a string",
            CR + "x509.InvalidityDate('2020-01-01')\n",
        ),
        _s(
            "a name constraints with a non-general name",
            CR + "x509.NameConstraints(permitted_subtrees=['example.com'], excluded_subtrees=None)\n",
        ),
        _s(
            "a name constraints with empty lists",
            CR + "x509.NameConstraints(permitted_subtrees=[], excluded_subtrees=None)\n",
        ),
        _s(
            "an inhibit any policy negative",
            CR + "x509.InhibitAnyPolicy(-1)\n",
        ),
        _s(
            "a tls feature of a string",
            CR + "x509.TLSFeature(['status_request'])\n",
        ),
        _s(
            "an ocsp nonce of text",
            CR + "x509.OCSPNonce('abc')\n",
        ),
        _s(
            "a user notice with a bad notice reference",
            CR + "x509.UserNotice(notice_reference='ref', explicit_text=None)\n",
        ),
        _s(
            "a notice reference with non-int numbers",
            CR + "x509.NoticeReference('org', ['1'])\n",
        ),
    ],
    "psutil": [
        _s(
            "a disk usage of None",
            PU + "psutil.disk_usage(None)\n",
        ),
        _s(
            "an rlimit too large",
            PU + "psutil.Process().rlimit(psutil.RLIMIT_NOFILE, (10**20, 10**20))\n",
        ),
        _s(
            "an rlimit soft above hard",
            PU + "psutil.Process().rlimit(psutil.RLIMIT_NOFILE, (100, 10))\n",
        ),
    ],
    "regex": [
        _s(
            "a repeat count too large",
            RX + "regex.compile(r'a{99999999999}')\n",
        ),
        _s(
            "an unbalanced parenthesis",
            RX + "regex.compile(r'a)')\n",
        ),
        _s(
            "a template with an unterminated group",
            RX + "regex.sub(r'(x)', r'\\g<1', 'x')\n",
        ),
        _s(
            "a match of a compiled pattern with flags",
            RX + "p = regex.compile(r'a')\nregex.match(p, 'a', flags=regex.I)\n",
        ),
    ],
    "docutils": [
        _s(
            "a literal block expected",
            DU + "publish_string('Example::\\n\\nno indent', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a table directive with a non-table",
            DU
            + "publish_string('.. table:: T\\n\\n   just text', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a substitution reference to a recursion",
            DU
            + "publish_string('|a|\\n\\n.. |a| replace:: |a|', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a target referencing itself indirectly",
            DU
            + "publish_string('a_\\n\\n.. _a: b_\\n.. _b: a_', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "an image with an align not allowed",
            DU
            + "publish_string('.. image:: a.png\\n   :align: middle\\n\\ntext', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a csv table with a missing url file",
            DU
            + "publish_string('.. csv-table::\\n   :file: a.csv\\n   :url: http://x\\n', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a csv table with content and file",
            DU
            + "publish_string('.. csv-table::\\n   :file: a.csv\\n\\n   1,2', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a sidebar at a bad place",
            DU
            + "publish_string('- item\\n\\n  .. sidebar:: S\\n\\n     text', writer_name='html', settings_overrides=H)\n",
        ),
        _s(
            "a language code unknown for section labels",
            DU
            + "publish_string(':Author: x', writer_name='html', settings_overrides={'language_code': 'zz', 'halt_level': 1, 'report_level': 5})\n",
        ),
    ],
}


# As in runtime10: an error raised in compiled code (or the standard library) below a library
# frame has that deepest library frame as its truth, as a judge reading the traceback takes it.
SNIPPETS = {lib: [replace(s, compiled_truth=True) for s in snippets] for lib, snippets in SNIPPETS.items()}


def main(argv: list[str] | None = None) -> int:
    # The set's name is a twin's (``runtime10-runtime22``), which is no script name, so the
    # harness is entered through ``main_for`` with the layout ``set_main`` would give it. What the
    # libraries depend on (SQLAlchemy and Mako under Alembic, attrs under cattrs...) is installed
    # unpinned, as in runtime10.
    return main_for(
        argv,
        pins=PINS,
        snippets=SNIPPETS,
        out=ROOT / "tests" / "data" / "regression" / NAME,
        script_name="scripts/make_runtime22_set.py",
        work=Path(tempfile.gettempdir()) / "errdex-runtime22-set",
        doc=__doc__ or "",
    )


if __name__ == "__main__":
    sys.exit(main())
