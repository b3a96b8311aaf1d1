# page/index.html.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '05a5f6a4714d04d386e60c75d25b5730264ccd0046a6abeef2d3b0c81140af7f'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'page/index.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_lang = resolve('lang')
    l_0_policy = resolve('policy')
    l_0_version = resolve('version')
    l_0_title = resolve('title')
    l_0_style = resolve('style')
    l_0_t = resolve('t')
    l_0_languages = resolve('languages')
    l_0_rows = resolve('rows')
    l_0_script = resolve('script')
    pass
    yield '<!DOCTYPE html>\n<html lang="'
    yield escape((undefined(name='lang') if l_0_lang is missing else l_0_lang))
    yield '">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="'
    yield escape((undefined(name='policy') if l_0_policy is missing else l_0_policy))
    yield '">\n<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="generator" content="symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '">\n<title>'
    yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
    yield '</title>\n<style>'
    yield escape((undefined(name='style') if l_0_style is missing else l_0_style))
    yield '</style>\n</head>\n<body>\n<header>\n<nav class="languages needs-script" aria-label="'
    yield escape(context.call(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'plain'), (undefined(name='lang') if l_0_lang is missing else l_0_lang), 'page.language'))
    yield '">\n'
    for (l_1_code, l_1_name) in (undefined(name='languages') if l_0_languages is missing else l_0_languages):
        _loop_vars = {}
        pass
        yield '<button type="button" data-lang="'
        yield escape(l_1_code)
        yield '" lang="'
        yield escape(l_1_code)
        yield '" aria-pressed="'
        yield escape(('true' if (l_1_code == (undefined(name='lang') if l_0_lang is missing else l_0_lang)) else 'false'))
        yield '">'
        yield escape(l_1_name)
        yield '</button>\n'
    l_1_code = l_1_name = missing
    yield '</nav>\n<h1>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.site_title'))
    yield '</h1>\n<p class="lede">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.site_lede'))
    yield '</p>\n</header>\n<main>\n<div class="scroll">\n<table>\n<thead><tr><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_model'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_class'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.total'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.active'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_description'))
    yield '</th></tr></thead>\n<tbody>\n'
    for l_1_row in (undefined(name='rows') if l_0_rows is missing else l_0_rows):
        l_1_code = resolve('code')
        _loop_vars = {}
        pass
        yield '<tr><td class="nowrap"><a href="'
        yield escape(environment.getattr(l_1_row, 'href'))
        yield '">'
        yield escape(environment.getattr(l_1_row, 'name'))
        yield '</a></td><td class="nowrap">'
        yield escape(context.call((undefined(name='code') if l_1_code is missing else l_1_code), environment.getattr(l_1_row, 'architecture'), _loop_vars=_loop_vars))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_row, 'total'))
        yield '</td><td class="n">'
        yield escape(environment.getattr(l_1_row, 'active'))
        yield '</td><td>'
        yield escape(environment.getattr(l_1_row, 'description'))
        yield '</td></tr>\n'
    l_1_row = l_1_code = missing
    yield '</tbody>\n</table>\n</div>\n</main>\n<footer>\n<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.footer'))
    yield ' <span class="version">symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '</span></p>\n</footer>\n<script>'
    yield escape((undefined(name='script') if l_0_script is missing else l_0_script))
    yield '</script>\n</body>\n</html>\n'

blocks = {}
debug_info = '3=21&6=23&9=25&10=27&11=29&15=31&16=33&17=37&20=47&21=49&26=51&28=61&29=66&36=80&38=84'
