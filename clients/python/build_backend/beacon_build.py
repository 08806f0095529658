"""A PEP 517 build backend for beacon-client, standard library only.

It builds a pure-Python wheel holding ``beacon_client.py`` (and an sdist), reading name, version, description
and ``requires-python`` from ``pyproject.toml``. Entries are sorted and dated 1980-01-01, so the same sources
give the same bytes (Scripts/release.sh relies on it).
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["beacon_client.py"]
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def _project():
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    section = text.split("[project]", 1)[1]
    fields = {}
    for key in ("name", "version", "description", "requires-python", "readme"):
        match = re.search(r'^%s\s*=\s*"([^"]*)"' % re.escape(key), section, re.MULTILINE)
        if match:
            fields[key] = match.group(1)
    return fields


def _metadata(project):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3')}",
    ]
    readme = project.get("readme")
    if readme:
        with open(os.path.join(HERE, readme), encoding="utf-8") as file:
            lines += ["Description-Content-Type: text/markdown", "", file.read()]
    return "\n".join(lines) + "\n"


def _distribution(project):
    return project["name"].replace("-", "_")


def _add(archive, name, data):
    info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    distribution = _distribution(project)
    dist_info = f"{distribution}-{project['version']}.dist-info"
    files = {}
    for module in MODULES:
        with open(os.path.join(HERE, module), "rb") as file:
            files[module] = file.read()
    files[f"{dist_info}/METADATA"] = _metadata(project).encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: beacon_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()
    record = [_record_line(name, data) for name, data in sorted(files.items())]
    record.append(f"{dist_info}/RECORD,,")
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel_name = f"{distribution}-{project['version']}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w") as archive:
        # RECORD last, as the wheel format recommends; everything else sorted.
        for name in sorted(n for n in files if not n.endswith("/RECORD")):
            _add(archive, name, files[name])
        _add(archive, f"{dist_info}/RECORD", files[f"{dist_info}/RECORD"])
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    base = f"{_distribution(project)}-{project['version']}"
    names = sorted(MODULES + ["pyproject.toml", "README.md", "build_backend/beacon_build.py"])
    sdist_name = f"{base}.tar.gz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        entries = [(name, open(os.path.join(HERE, name), "rb").read()) for name in names]
        entries.append(("PKG-INFO", _metadata(project).encode()))
        for name, data in sorted(entries):
            info = tarfile.TarInfo(f"{base}/{name}")
            info.size = len(data)
            info.mtime = 315532800
            info.mode = 0o644
            archive.addfile(info, io.BytesIO(data))
    import gzip

    with gzip.GzipFile(os.path.join(sdist_directory, sdist_name), "wb", mtime=0) as output:
        output.write(buffer.getvalue())
    return sdist_name
