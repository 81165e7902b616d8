"""A PEP 517 build backend of the standard library alone, so that
`pip install ./packages/python` works offline with any CPython 3.9+ that has pip:
no setuptools, no wheel, nothing fetched. The package is pure Python; its wheel is
the package's files and the metadata read from pyproject.toml's [project] table."""

import base64
import hashlib
import os
import re
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "awareness_api"


def _project():
    """The [project] table's plain string fields (name, version, description, requires-python)."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    table = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    fields = dict(re.findall(r'^([A-Za-z-]+)\s*=\s*"([^"]*)"\s*$', table.group(1) if table else "", re.M))
    for required in ("name", "version"):
        if required not in fields:
            raise RuntimeError("pyproject.toml: [project] has no " + required)
    return fields


def _metadata(project):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + project["name"],
        "Version: " + project["version"],
        "Summary: " + project.get("description", ""),
        "Requires-Python: " + project.get("requires-python", ">=3.9"),
        "Description-Content-Type: text/markdown",
    ]
    return "\n".join(lines) + "\n\n" + readme


def _dist_info(project):
    return "{}-{}.dist-info".format(project["name"].replace("-", "_"), project["version"])


def _files():
    """The package's files, as (path in the wheel, bytes), in a stable order."""
    base = os.path.join(ROOT, PACKAGE)
    for name in sorted(os.listdir(base)):
        path = os.path.join(base, name)
        if os.path.isfile(path) and (name.endswith(".py") or name == "py.typed"):
            with open(path, "rb") as f:
                yield PACKAGE + "/" + name, f.read()


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "{},sha256={},{}".format(path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    project = _project()
    info = os.path.join(metadata_directory, _dist_info(project))
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(project))
    return _dist_info(project)


def _wheel(wheel_directory, files):
    project = _project()
    info = _dist_info(project)
    name = "{}-{}-py3-none-any.whl".format(project["name"].replace("-", "_"), project["version"])
    entries = list(files) + [
        (info + "/METADATA", _metadata(project).encode()),
        (info + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: awareness-api build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = [_record_line(path, data) for path, data in entries] + [info + "/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in entries:
            wheel.writestr(zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
        wheel.writestr(zipfile.ZipInfo(info + "/RECORD", date_time=(1980, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _wheel(wheel_directory, _files())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install: a .pth file that puts this checkout on the path."""
    return _wheel(wheel_directory, [("awareness_api_editable.pth", (ROOT + "\n").encode())])
